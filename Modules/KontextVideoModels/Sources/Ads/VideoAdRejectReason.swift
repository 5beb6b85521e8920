/// Why the app will not use an ad; the server tells the advertiser.
public enum VideoAdRejectReason: Sendable, Hashable {
    /// The app does not use the ad (the default).
    case notUsed
    /// Another source won; the winning price (CPM) and who won.
    case outbid(winningPrice: Double, winner: String?)
}
