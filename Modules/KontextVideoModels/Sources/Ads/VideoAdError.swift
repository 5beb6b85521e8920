import Foundation

/// Every error the SDK throws, or delivers through `videoAd(_:didFail:)`.
///
/// A thrown error means nothing happened on screen and nothing was fired, except a
/// failed `load()`'s VAST error event.
public enum VideoAdError: Error, Sendable, CustomStringConvertible {
    /// `initialize(with:)` was never called.
    case notInitialized
    /// The server could not be reached, and the retry failed too. Every `format()` retries.
    case initializationFailed
    /// The `VideoAds` was destroyed. Create a new one for the next content.
    case destroyed
    /// The server switched the SDK off for this launch.
    case disabled(reason: String?)
    /// The server had nothing for this format.
    case noFill(reason: NoFillReason)
    /// The request failed and no valid ad was held for the format.
    case request(any Error)
    /// The creative did not load within 10 s of active time, or failed on screen;
    /// `code` is the VAST error code.
    case creativeFailed(code: Int)
    /// Shown once; cannot be shown again or rejected.
    case alreadyShown
    /// Another ad is on screen, from any `VideoAds`. This ad stays ready.
    case anotherAdShowing
    /// The ad ended before it was shown.
    case invalidated(VideoAdInvalidationReason)
    /// `show()` before `load()` finished. The ad stays as it was.
    case notLoaded
    /// `show(in:)` on an overlay while the content of its `VideoAds` is paused. The ad stays ready.
    case contentPaused
    /// The ad would have to shrink below 50 % to fit. `minimum` is the smallest view that
    /// holds it, its safe area and the insets included. The ad stays ready.
    case containerTooSmall(minimum: CGSize)
    /// Nothing on screen can hold the ad right now. The ad stays ready.
    case presenterUnavailable
    /// `show()` on an overlay or pause ad, `show(in:)` or `dismiss()` on a linear ad.
    case wrongPresentation

    /// Why the server had nothing for a format.
    public enum NoFillReason: Sendable, Hashable, CustomStringConvertible {
        /// No campaign matched the content, the viewer or the moment.
        case noAdMatch
        /// The viewer reached the frequency cap set for the app.
        case frequencyCap
        /// The content is not brand safe.
        case contentUnsafe
        /// Not served in this country.
        case geoRestricted
        /// The format is not enabled for the app, or not for the labels this `VideoAds` sends.
        case formatNotEnabled
        /// The server's side; ask again later.
        case temporaryError
        /// The SDK's own: the answer was an ad the app had just shown or rejected.
        case alreadyUsed
        /// The server gave no reason.
        case unknown
        /// A reason this SDK version does not know, passed through unchanged.
        case other(String)

        /// The wire `skipCode`s the SDK knows, each with its reason: the one table, documented in
        /// `PROTOCOL.md`, that `init(wireCode:)` reads. The troubleshooting page has a row for
        /// every key, and a test fails while one is missing.
        package static let wireCodes: [String: NoFillReason] = [
            "no_ad_match": .noAdMatch,
            "unfilled_bid": .noAdMatch,
            "frequency_cap": .frequencyCap,
            "content_unsafe": .contentUnsafe,
            "geo_restricted": .geoRestricted,
            "format_not_enabled": .formatNotEnabled,
            "temporary_error": .temporaryError,
        ]

        /// Maps a wire `skipCode` to its reason through `wireCodes`.
        /// `nil` (no code) is `.unknown`; unknown codes pass through as `.other(code)`.
        /// - Parameter wireCode: The server's `skipCode`, such as `frequency_cap`; `nil` when it gave none.
        public init(wireCode: String?) {
            guard let wireCode else {
                self = .unknown
                return
            }
            self = Self.wireCodes[wireCode] ?? .other(wireCode)
        }

        /// A short description for logs.
        public var description: String {
            switch self {
            case .noAdMatch: "noAdMatch"
            case .frequencyCap: "frequencyCap"
            case .contentUnsafe: "contentUnsafe"
            case .geoRestricted: "geoRestricted"
            case .formatNotEnabled: "formatNotEnabled"
            case .temporaryError: "temporaryError"
            case .alreadyUsed: "alreadyUsed"
            case .unknown: "unknown"
            case .other(let code): "other(\(code))"
            }
        }
    }

    /// A short description for logs.
    public var description: String {
        switch self {
        case .notInitialized: "notInitialized"
        case .initializationFailed: "initializationFailed"
        case .destroyed: "destroyed"
        case .disabled(let reason): "disabled(reason: \(reason ?? "nil"))"
        case .noFill(let reason): "noFill(reason: \(reason))"
        case .request(let error): "request(\(error))"
        case .creativeFailed(let code): "creativeFailed(code: \(code))"
        case .alreadyShown: "alreadyShown"
        case .anotherAdShowing: "anotherAdShowing"
        case .invalidated(let reason): "invalidated(\(reason))"
        case .notLoaded: "notLoaded"
        case .contentPaused: "contentPaused"
        case .containerTooSmall(let minimum): "containerTooSmall(minimum: \(minimum.width)x\(minimum.height))"
        case .presenterUnavailable: "presenterUnavailable"
        case .wrongPresentation: "wrongPresentation"
        }
    }
}

extension VideoAdError: Equatable {
    /// Errors compare by case and payload; two `.request` errors are equal when they
    /// have the same domain and code, since `Error` itself is not `Equatable`.
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: Whether both are the same case with equal payloads.
    public static func == (lhs: VideoAdError, rhs: VideoAdError) -> Bool {
        switch (lhs, rhs) {
        case (.notInitialized, .notInitialized), (.initializationFailed, .initializationFailed),
             (.destroyed, .destroyed), (.alreadyShown, .alreadyShown),
             (.anotherAdShowing, .anotherAdShowing), (.notLoaded, .notLoaded),
             (.contentPaused, .contentPaused), (.presenterUnavailable, .presenterUnavailable),
             (.wrongPresentation, .wrongPresentation):
            return true
        case let (.disabled(a), .disabled(b)): return a == b
        case let (.noFill(a), .noFill(b)): return a == b
        case let (.creativeFailed(a), .creativeFailed(b)): return a == b
        case let (.invalidated(a), .invalidated(b)): return a == b
        case let (.containerTooSmall(a), .containerTooSmall(b)): return a == b
        case let (.request(a), .request(b)):
            let (na, nb) = (a as NSError, b as NSError)
            return na.domain == nb.domain && na.code == nb.code
        default:
            return false
        }
    }
}
