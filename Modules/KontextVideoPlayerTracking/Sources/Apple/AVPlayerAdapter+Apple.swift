// Follows an `AVPlayer` for `VideoAds.track(_:)`: reads its time, playback state, item and rate.
// The rules that use them (what counts as playing for an overlay, how jumps are judged) are in
// `PlayerTracker` and `OverlayPlaybackFollower`.
#if canImport(AVFoundation) && canImport(Combine)
import AVFoundation
import Combine

/// Follows an `AVPlayer` for `VideoAds.track(_:)` without adding members to `AVPlayer` itself.
/// Holds the player weakly.
@MainActor
package final class AVPlayerAdapter: PlayerAdapter, PlaybackRateReporting {
    private weak var player: AVPlayer?
    private weak var lastItem: AVPlayerItem?
    private var itemGeneration = 0

    /// Wraps `player`.
    package init(_ player: AVPlayer) {
        self.player = player
        self.lastItem = player.currentItem
    }

    /// Whether the `AVPlayer` still exists.
    package var isWrappedPlayerAlive: Bool { player != nil }

    /// The playhead of the current item in seconds; 0 when there is no item or the time is invalid.
    package var currentTime: TimeInterval {
        guard let player else { return 0 }
        let seconds = player.currentTime().seconds
        return seconds.isFinite && seconds > 0 ? seconds : 0
    }

    /// `true` while playing or waiting to play (buffering); `false` once paused or ended.
    package var isPlaying: Bool {
        guard let player else { return false }
        return player.timeControlStatus != .paused
    }

    /// `timeControlStatus` changes, observed through KVO, as playing / not playing.
    package var isPlayingPublisher: AnyPublisher<Bool, Never>? {
        guard let player else { return nil }
        return player.publisher(for: \.timeControlStatus, options: [.initial, .new])
            .map { @Sendable status in status != .paused }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    /// Changes whenever the player moves to another item. A counter rather than the item's
    /// `ObjectIdentifier`, which a new item may reuse once the old one is freed.
    package var currentItemIdentifier: AnyHashable? {
        let item = player?.currentItem
        if item !== lastItem {
            lastItem = item
            itemGeneration += 1
        }
        return AnyHashable(itemGeneration)
    }

    /// The player's own rate, so jumps are judged against it rather than the 4× default.
    package var playbackRate: Double? {
        guard let rate = player?.rate else { return nil }
        let value = Double(rate)
        return value.isFinite && value > 0 ? value : nil
    }
}
#endif
