import Foundation
import KontextVideoModels

/// Decides which `verificationNotExecuted` pixels a played ad owes (pure: it sends nothing; the
/// SDK queues the URLs on its durable event pipeline, as `LinearTracker`'s).
///
/// VAST 4.1, section 3.17: a player that can run a verification's resource runs it "BEFORE
/// creative playback begins. Otherwise, if no resource can be executed, any appropriate tracking
/// events listed under the `<Verification>` element must be fired", with `[REASON]` (section
/// 3.17.4) 1 when the publisher rejects the vendor, 2 when the player does not support the
/// resources, 3 when loading them failed. The verdict is therefore taken once, when playback
/// begins (the first frame, the ad's impression), and each verification's pixels go at most once:
/// an ad that never played owes none (it owes `notUsed` or its `<Error>` instead).
package struct VerificationNotExecutedTracker: Sendable {
    /// One pixel owed: which verification, why, and the URL with its macros filled.
    package struct Pixel: Sendable, Equatable {
        /// The verification's place among the ad's.
        package var verification: Int
        /// Its `vendor`.
        package var vendor: String?
        /// Why it did not run.
        package var reason: VideoAdVerification.NotExecutedReason
        /// The tracking URL, `[REASON]` and the other macros filled.
        package var url: String
    }

    /// The ad's verifications, as `ResolvedLinearAd.verifications` lists them.
    package let verifications: [VASTVerification]
    /// Consent and app values every pixel carries.
    package var baseContext: VASTMacroContext
    private var reported: Set<Int> = []

    /// Creates the tracker of an ad's verifications.
    package init(verifications: [VASTVerification], baseContext: VASTMacroContext = VASTMacroContext()) {
        self.verifications = verifications
        self.baseContext = baseContext
    }

    /// Why each verification was not run, at the verdict: every one is `.notSupported` when no
    /// verification provider is set (nothing can run a script); with a provider, exactly those it
    /// reported, with its reasons (the others ran). Reports for verifications the ad does not have
    /// are left out.
    package static func verdict(
        verificationCount: Int,
        hasProvider: Bool,
        reported: [Int: VideoAdVerification.NotExecutedReason]
    ) -> [Int: VideoAdVerification.NotExecutedReason] {
        guard hasProvider else {
            return Dictionary(uniqueKeysWithValues: (0..<verificationCount).map { ($0, .notSupported) })
        }
        return reported.filter { (0..<verificationCount).contains($0.key) }
    }

    /// The pixels owed for `reasons` (verification index → reason), in the verifications' order,
    /// each verification's at most once; `now` fills `[TIMESTAMP]`.
    package mutating func pixels(for reasons: [Int: VideoAdVerification.NotExecutedReason], now: Date? = nil) -> [Pixel] {
        var pixels: [Pixel] = []
        for (index, verification) in verifications.enumerated() {
            guard let reason = reasons[index], reported.insert(index).inserted else { continue }
            var context = baseContext
            context.reason = String(reason.rawValue)
            context.timestamp = now ?? baseContext.timestamp
            for template in verification.notExecutedURLs {
                pixels.append(Pixel(verification: index, vendor: verification.vendor, reason: reason,
                                    url: VASTMacros.expand(template, context: context)))
            }
        }
        return pixels
    }
}

extension VideoAdVerification {
    /// The public value of the ad's `index`-th verification.
    package init(_ verification: VASTVerification, id: Int) {
        let scripts = verification.javaScriptResources.map {
            Resource(kind: .javaScript, url: $0.url, apiFramework: $0.apiFramework, browserOptional: $0.browserOptional)
        }
        let executables = verification.executableResources.map {
            Resource(kind: .executable, url: $0.url, apiFramework: $0.apiFramework, executableType: $0.type)
        }
        self.init(id: id, vendor: verification.vendor, resources: scripts + executables, parameters: verification.parameters)
    }
}
