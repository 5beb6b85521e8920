import Foundation

extension VideoAds {
    /// Where the SDK reads the content's playhead (seconds), for any player.
    @available(*, deprecated, message: "Conform the player to VideoAdsPlayer and call track(_:)")
    public var playheadProvider: (() -> TimeInterval)? {
        get { core.playerTracker.playheadProvider }
        set { core.playerTracker.setPlayheadProvider(newValue) }
    }
}
