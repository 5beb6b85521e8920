// The reference's `track(_: AVPlayer)`: the player is wrapped in an internal adapter, so no SDK
// member appears on the app's AVPlayers. AVFoundation exists on macOS too, so this does not
// depend on UIKit.
#if canImport(AVFoundation) && canImport(Combine)
import AVFoundation
import KontextVideoPlayerTracking

extension VideoAds {
    /// The `AVPlayer` this episode plays in: the SDK reads its time and follows its playback by
    /// the player's own events (key-value observing of `rate`, `timeControlStatus` and
    /// `currentItem`; `AVPlayerItem.timeJumpedNotification` for seeks), without polling it. Held
    /// weakly; `destroy()` lets go.
    ///
    /// An overlay shows over playing content only, and ends with `didEnd(.interrupted)` at once when
    /// the content pauses, ends, or the player moves to another item. Buffering counts as playing.
    /// Its duration counts content played at the player's own speed; a seek counts nothing.
    /// Call it when this episode starts playing in the player; a later call replaces the player.
    ///
    /// ```swift
    /// let player = AVPlayer(url: episodeURL)
    /// ads.track(player)
    /// player.play()
    /// ```
    ///
    /// - Parameter player: The content's player. Held weakly. Ignored after ``destroy()``.
    public func track(_ player: AVPlayer) {
        guard !core.isDestroyed else { return }
        core.playerTracker.track(adapter: AVPlayerAdapter(player))
    }

    /// Reads the content playhead from `player`. Replaced by ``track(_:)-(AVPlayer)``, which also
    /// lets an overlay follow the playback.
    ///
    /// ```swift
    /// ads.track(player)   // was: ads.trackPlayhead(of: player)
    /// ```
    ///
    /// - Parameter player: The content's player. Held weakly.
    @available(*, deprecated, renamed: "track(_:)")
    public func trackPlayhead(of player: AVPlayer) {
        track(player)
    }
}
#endif
