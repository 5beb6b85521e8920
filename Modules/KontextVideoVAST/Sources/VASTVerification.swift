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
    }

    /// Creates an empty verification.
    package init(origin: Origin) {
        self.origin = origin
    }
}
