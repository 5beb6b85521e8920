// Follows an `AVPlayer` for `VideoAds.track(_:)`: reads its time and item, and turns its
// key-value observations (AirPlay's `isExternalPlaybackActive` included) and seek notifications
// into `PlaybackEvent`s. Translation only: what a
// state, a seek or an item change means for an overlay is decided in `OverlayPlaybackSession`
// and `ReportedProgressCounter`.
#if canImport(AVFoundation)
import AVFoundation
import ObjectiveC

/// Follows an `AVPlayer` for `VideoAds.track(_:)` without adding members to `AVPlayer` itself.
/// Holds the player weakly. Reports its playback as events, so nothing about it is polled.
@MainActor
package final class AVPlayerAdapter: PlayerAdapter, PlaybackEventSource {
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
        playbackState.isPlaying
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

    /// The player's `timeControlStatus` and `rate`; paused once the player is gone.
    package var playbackState: PlaybackState {
        player.map(Self.state) ?? PlaybackState(.paused, rate: 0)
    }

    /// On another screen while AirPlay plays the video (`isExternalPlaybackActive`, doc:
    /// /documentation/AVFoundation/AVPlayer/isExternalPlaybackActive: "whether the player is
    /// currently playing video in external playback mode"), else here. Picture in Picture is the
    /// app's `AVPictureInPictureController`'s, which the player does not know of: here.
    /// visionOS lists no external playback: here.
    package var contentOutput: ContentOutput {
        player.map(Self.output) ?? .here
    }

    /// The player's changes from now on: `rate`, `timeControlStatus` and `currentItem` through
    /// key-value observing, which Apple's `AVPlayer` page names for following "its currentItem or
    /// its playback rate" (doc: /documentation/AVFoundation/AVPlayer), and seeks through the current
    /// item's `timeJumpedNotification` (doc: /documentation/AVFoundation/AVPlayerItem/timeJumpedNotification,
    /// "posts when a player item's time changes discontinuously", possibly on another thread). The
    /// stream finishes when the player is freed.
    package func makePlaybackEvents() -> AsyncStream<PlaybackEvent>? {
        guard let player else { return nil }
        let (events, continuation) = AsyncStream.makeStream(of: PlaybackEvent.self)
        let subscription = PlaybackSubscription(player: player, continuation: continuation)
        continuation.onTermination = { [weak subscription] _ in subscription?.cancel() }
        return events
    }

    /// `isExternalPlaybackActive` as the SDK's value.
    nonisolated fileprivate static func output(of player: AVPlayer) -> ContentOutput {
        #if os(visionOS)
        .here
        #else
        player.isExternalPlaybackActive ? .externalScreen : .here
        #endif
    }

    /// `timeControlStatus` and `rate` as the SDK's value.
    nonisolated fileprivate static func state(of player: AVPlayer) -> PlaybackState {
        let status = player.timeControlStatus
        let control: PlaybackState.Control = status == .paused ? .paused : status == .playing ? .playing : .waiting
        return PlaybackState(control, rate: Double(player.rate))
    }
}

/// The observations behind one stream of an `AVPlayer`'s events, registered when the follower
/// starts and removed when it ends, or when the player goes away, whichever comes first. The player
/// itself keeps it, as an associated object (doc: /documentation/ObjectiveC/objc_setAssociatedObject(_:_:_:_:),
/// with `OBJC_ASSOCIATION_RETAIN`, "a strong reference to the associated object"): it lives as long
/// as the player, so when the player is freed it goes too, removes its observations and finishes
/// the stream. The stream's end (the follower stopped or was freed: its task iterating the stream
/// is cancelled) cancels it, removing the same observations.
///
/// The seek observer names the item it listens to, and Apple asks that it be removed "before the
/// system deallocates any object that `addObserver(forName:object:queue:using:)` specifies"
/// (doc: /documentation/Foundation/NotificationCenter/removeObserver(_:)-2yciv): the subscription
/// holds that item until the observer is removed, so the item cannot go first (the player moving
/// on to another item, or being freed).
///
/// `@unchecked Sendable`: its stored properties are set once in `init` (the `weak` player is
/// only read after, and the runtime makes a weak load atomic); removing them (`invalidate()`,
/// `removeObserver(_:)`, `objc_setAssociatedObject`) may be done from any thread, and twice is
/// harmless.
private final class PlaybackSubscription: @unchecked Sendable {
    private let continuation: AsyncStream<PlaybackEvent>.Continuation
    private weak var player: AVPlayer?
    private let observations: [NSKeyValueObservation]
    /// The item the seek observer names, held until the observer is removed.
    private let observedItem: AVPlayerItem?
    private let seekObserver: (any NSObjectProtocol)?

    @MainActor
    init(player: AVPlayer, continuation: AsyncStream<PlaybackEvent>.Continuation) {
        self.continuation = continuation
        self.player = player
        var observations = [
            player.observe(\.timeControlStatus, options: [.new]) { player, _ in
                continuation.yield(.stateChanged(AVPlayerAdapter.state(of: player)))
            },
            player.observe(\.rate, options: [.new]) { player, _ in
                continuation.yield(.stateChanged(AVPlayerAdapter.state(of: player)))
            },
            player.observe(\.currentItem, options: [.new]) { _, _ in
                continuation.yield(.itemChanged)
            },
        ]
        #if !os(visionOS)
        // AirPlay starting or stopping (key-value observable, like the others the `AVPlayer` page names).
        observations.append(player.observe(\.isExternalPlaybackActive, options: [.new]) { player, _ in
            continuation.yield(.outputChanged(AVPlayerAdapter.output(of: player)))
        })
        #endif
        self.observations = observations
        // Only the current item's jumps: another item (the ad's own player's, too) posts the same name.
        let item = player.currentItem
        observedItem = item
        seekObserver = item.map { item in
            NotificationCenter.default.addObserver(
                forName: AVPlayerItem.timeJumpedNotification, object: item, queue: nil
            ) { @Sendable _ in
                continuation.yield(.timeJumped)
            }
        }
        objc_setAssociatedObject(player, key, self, .OBJC_ASSOCIATION_RETAIN)
    }

    /// This subscription's own address: a key no other association uses.
    private var key: UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops observing and lets the player drop this subscription (the follower ended).
    func cancel() {
        removeObservations()
        if let player { objc_setAssociatedObject(player, key, nil, .OBJC_ASSOCIATION_RETAIN) }
    }

    /// Removes the key-value observations and the seek observer.
    private func removeObservations() {
        for observation in observations { observation.invalidate() }
        if let seekObserver { NotificationCenter.default.removeObserver(seekObserver) }
    }

    deinit {
        // The player was freed (or the follower had cancelled already: removing again does
        // nothing). The seek observer goes before the item this holds can.
        removeObservations()
        continuation.finish()
    }
}
#endif
