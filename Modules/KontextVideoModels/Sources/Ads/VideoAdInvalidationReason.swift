/// Why an ad ended before it was shown.
public enum VideoAdInvalidationReason: Sendable, Hashable, CustomStringConvertible {
    /// The server's expiry passed.
    case expired
    /// The app called `reject(_:)`.
    case rejected
    /// The app destroyed the ad's `VideoAds`.
    case destroyed
    /// The creative failed to load; `code` is the VAST error code.
    case creativeFailed(code: Int)

    /// A short description for logs.
    public var description: String {
        switch self {
        case .expired: "expired"
        case .rejected: "rejected"
        case .destroyed: "destroyed"
        case .creativeFailed(let code): "creativeFailed(code: \(code))"
        }
    }
}
