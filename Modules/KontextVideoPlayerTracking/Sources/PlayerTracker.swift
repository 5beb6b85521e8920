import Foundation

/// The player one `VideoAds` object follows, held weakly: the source of the content playhead
/// for requests and events, and of the playing state an overlay follows.
///
/// Without a player (never tracked, released, or deallocated) the playhead falls back to the
/// deprecated closure provider if one is set, otherwise 0, the right value for a prefetch.
@MainActor
package final class PlayerTracker {
    /// The tracked player, if it is still alive and was not released.
    package var player: (any VideoAdsPlayer)? {
        if let adapter { return adapter.isWrappedPlayerAlive ? adapter : nil }
        return trackedPlayer
    }

    private weak var trackedPlayer: (any VideoAdsPlayer)?
    /// An adapter around a player the SDK may not extend (`AVPlayer`), kept while its player lives.
    private var adapter: (any PlayerAdapter)?

    /// The deprecated `playheadProvider`: read for the playhead when no player is tracked.
    package private(set) var playheadProvider: (() -> TimeInterval)?

    /// A registration of `observeChanges(_:)`, to remove it.
    package struct ChangeObservation: Sendable, Hashable {
        fileprivate let number: UInt64
    }

    private var changeObservers: [(observation: ChangeObservation, onChange: @MainActor () -> Void)] = []
    private var observationCount: UInt64 = 0

    /// A tracker with no player and no provider.
    package init() {}

    /// Follows `player` from now on, replacing any earlier one. Held weakly.
    package func track(_ player: any VideoAdsPlayer) {
        adapter = nil
        trackedPlayer = player
        playerDidChange()
    }

    /// Follows the player inside `adapter` from now on. The adapter is kept; it holds its own
    /// player weakly, so the player is still held weakly.
    package func track(adapter: any PlayerAdapter) {
        trackedPlayer = nil
        self.adapter = adapter
        playerDidChange()
    }

    /// Sets or clears the deprecated closure that reads the content playhead for any player.
    /// A tracked player takes precedence over it.
    package func setPlayheadProvider(_ provider: (() -> TimeInterval)?) {
        playheadProvider = provider
    }

    /// Lets go of the player and the provider (`destroy()`).
    package func release() {
        trackedPlayer = nil
        adapter = nil
        playheadProvider = nil
        playerDidChange()
    }

    /// Calls `onChange` after every later `track` and `release` (the player may be the same one
    /// again: compare), until `removeObserver(_:)`: an overlay's follower learns at once that its
    /// player was replaced or let go, without checking on a timer. A deallocated player is not a
    /// change here: `player` just reads `nil` from then on.
    package func observeChanges(_ onChange: @escaping @MainActor () -> Void) -> ChangeObservation {
        observationCount += 1
        let observation = ChangeObservation(number: observationCount)
        changeObservers.append((observation, onChange))
        return observation
    }

    /// Stops calling the handler of `observation`. Does nothing if it was removed already.
    package func removeObserver(_ observation: ChangeObservation) {
        changeObservers.removeAll { $0.observation == observation }
    }

    private func playerDidChange() {
        for observer in changeObservers { observer.onChange() }
    }

    /// Where the content is, in seconds: the player's `currentTime`, else the provider's value,
    /// else 0. Negative and non-finite values read as 0.
    package var playhead: TimeInterval {
        let raw: TimeInterval
        if let player {
            raw = player.currentTime
        } else if let playheadProvider {
            raw = playheadProvider()
        } else {
            raw = 0
        }
        return raw.isFinite && raw > 0 ? raw : 0
    }

    /// Whether the content plays: the player's `isPlaying`, `nil` without a player (an overlay
    /// then runs on its own time). The facade refuses an overlay with `contentPaused` on `false`.
    package var isContentPlaying: Bool? {
        player?.isPlaying
    }

    /// Where the viewer sees the content, when the tracked player can tell (one that reports its
    /// playback: an `AVPlayer`); `nil` without a player or for one that cannot tell.
    package var contentOutput: ContentOutput? {
        (player as? any PlaybackEventSource)?.contentOutput
    }
}
