// The reference's `track(_: AVPlayer)`: the player is wrapped in an internal adapter, so no SDK
// member appears on the app's AVPlayers. AVFoundation exists on macOS too, so this does not
// depend on UIKit.
#if canImport(AVFoundation) && canImport(Combine)
import AVFoundation
import KontextVideoPlayerTracking

extension VideoAds {
    /// The `AVPlayer` this episode plays in: the SDK reads its time and follows its playback
    /// (its own rate, and `timeControlStatus` changes at once). Held weakly; `destroy()` lets go.
    public func track(_ player: AVPlayer) {
        guard !core.isDestroyed else { return }
        core.playerTracker.track(adapter: AVPlayerAdapter(player))
    }

    /// Reads the content playhead from `player`.
    @available(*, deprecated, renamed: "track(_:)")
    public func trackPlayhead(of player: AVPlayer) {
        track(player)
    }
}
#endif
