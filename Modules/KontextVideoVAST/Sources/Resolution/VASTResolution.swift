import Foundation

/// What resolving a VAST source produced: the linear ads to play (a pod, in order, or one
/// ad), or the error that left none; plus every `<Error>` URL to ping, with its code.
package struct VASTResolution: Sendable, Equatable, Encodable {
    /// The ads to play, in order; empty on failure.
    package var ads: [ResolvedLinearAd]
    /// Why there is no ad; `nil` when `ads` is not empty.
    package var error: VASTError?
    /// Error pings owed: the failure of the whole, and of any ad skipped on the way
    /// (a pod ad that failed, a buffet ad that fell through).
    package var errorPings: [VASTErrorPing]
    /// Every wrapper hop attempted, in the order walked.
    package var hops: [VASTWrapperHop]
    /// The root document's `version`.
    package var version: String?

    /// Creates a resolution.
    package init(ads: [ResolvedLinearAd], error: VASTError?, errorPings: [VASTErrorPing], hops: [VASTWrapperHop], version: String? = nil) {
        self.ads = ads
        self.error = error
        self.errorPings = errorPings
        self.hops = hops
        self.version = version
    }
}

/// `<Error>` URLs to ping with one VAST error code.
package struct VASTErrorPing: Sendable, Equatable, Encodable {
    /// The code for `[ERRORCODE]`.
    package var code: VASTErrorCode
    /// The URL templates, macros unexpanded. Order: the outermost wrapper's first, then inwards,
    /// then the failing ad's own, then the root-level `<Error>`s of a document that yielded no
    /// ad (vast-client-js `wrapper-empty.xml`: wrapper error, then `empty-no-ad`).
    package var urls: [String]
    /// A short reason.
    package var message: String

    /// Creates a ping.
    package init(code: VASTErrorCode, urls: [String], message: String) {
        self.code = code
        self.urls = urls
        self.message = message
    }

    /// The URLs ready to fire: `[ERRORCODE]` set to `code`, other macros from `context`.
    package func expandedURLs(context: VASTMacroContext = VASTMacroContext()) -> [String] {
        var context = context
        context.errorCode = code
        return urls.map { VASTMacros.expand($0, context: context) }
    }
}
