import Foundation

extension VideoAds {
    /// Where the SDK reads the content's playhead (seconds), for any player. Replaced by
    /// ``VideoAds/track(_:)-(VideoAdsPlayer)``, which also lets an overlay follow the playback.
    ///
    /// A player given to `track(_:)` takes precedence; without either, requests and events carry 0.
    ///
    /// ```swift
    /// // Before
    /// ads.playheadProvider = { myPlayer.position }
    /// // Now
    /// ads.track(myPlayer)   // MyPlayer conforms to VideoAdsPlayer
    /// ```
    @available(*, deprecated, message: "Conform the player to VideoAdsPlayer and call track(_:)")
    public var playheadProvider: (() -> TimeInterval)? {
        get { core.playerTracker.playheadProvider }
        set { core.playerTracker.setPlayheadProvider(newValue) }
    }
}
