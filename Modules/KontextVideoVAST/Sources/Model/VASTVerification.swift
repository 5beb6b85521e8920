import Foundation

/// `<Verification vendor="…">`: an Open Measurement (or other) verification script.
package struct VASTVerification: Sendable, Equatable, Encodable {
    /// Where it was declared.
    package enum Origin: String, Sendable, Equatable, Encodable {
        /// The VAST 4.1 `<AdVerifications>` node.
        case adVerifications
        /// An `<Extension type="AdVerifications">` (VAST 2/3 with OMID).
        case extensionNode = "extension"
    }

    /// `vendor`.
    package var vendor: String?
    /// `<JavaScriptResource>`s.
    package var javaScriptResources: [Script] = []
    /// `<ExecutableResource>`s.
    package var executableResources: [Script] = []
    /// `<VerificationParameters>` verbatim.
    package var parameters: String?
    /// `<TrackingEvents>` (`verificationNotExecuted`).
    package var trackingEvents: [VASTTrackingEvent] = []
    /// Where it was declared.
    package var origin: Origin

    /// A script resource.
    package struct Script: Sendable, Equatable, Encodable {
        /// The URL, trimmed.
        package var url: String
        /// `apiFramework` (`omid`).
        package var apiFramework: String?
        /// `browserOptional`.
        package var browserOptional: Bool?
        /// `type` (executables).
        package var type: String?

        /// Creates a resource.
        package init(url: String, apiFramework: String? = nil, browserOptional: Bool? = nil, type: String? = nil) {
            self.url = url
            self.apiFramework = apiFramework
            self.browserOptional = browserOptional
            self.type = type
        }
    }

    /// Creates an empty verification.
    package init(origin: Origin) {
        self.origin = origin
    }
}

extension VASTVerification {
    /// Whether `other` declares the same verification: the same vendor, resources, parameters
    /// and tracking, wherever it was declared.
    package func declaresTheSame(as other: VASTVerification) -> Bool {
        vendor == other.vendor && javaScriptResources == other.javaScriptResources
            && executableResources == other.executableResources && parameters == other.parameters
            && trackingEvents == other.trackingEvents
    }

    /// `verifications` with each one declared twice kept once, at its first place.
    package static func distinct(_ verifications: [VASTVerification]) -> [VASTVerification] {
        var kept: [VASTVerification] = []
        for verification in verifications where !kept.contains(where: { $0.declaresTheSame(as: verification) }) {
            kept.append(verification)
        }
        return kept
    }

    /// The `verificationNotExecuted` tracking URLs (the event name compared ignoring case).
    package var notExecutedURLs: [String] {
        trackingEvents.filter { $0.event.lowercased() == "verificationnotexecuted" }.map(\.url)
    }
}
