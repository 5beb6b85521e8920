// Apple-platform parts of `VideoAdsPlayer`: the Combine publisher and the `AVPlayer` conformance.
// Neither Combine nor AVFoundation exists on Linux, so this file compiles only on Apple platforms.

#if canImport(Combine)
import Combine
import Foundation

extension VideoAdsPlayer {
    /// No publisher by default: the SDK polls `isPlaying` while an overlay is on screen.
    public var isPlayingPublisher: AnyPublisher<Bool, Never>? { nil }

    /// The stream of `isPlaying` changes the SDK follows for one overlay: `isPlayingUpdates` if
    /// the player offers it, otherwise `isPlayingPublisher` bridged to a stream, otherwise `nil`.
    package func makePlayingUpdates() -> AsyncStream<Bool>? {
        if let updates = isPlayingUpdates { return updates }
        guard let publisher = isPlayingPublisher else { return nil }
        return AsyncStream(bufferingPolicy: .bufferingNewest(8)) { continuation in
            let subscription = SubscriptionBox(
                // `@Sendable`: a publisher may emit on any thread; yielding is thread-safe.
                publisher.sink(
                    receiveCompletion: { @Sendable _ in continuation.finish() },
                    receiveValue: { @Sendable value in continuation.yield(value) }
                )
            )
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

/// Holds a Combine subscription so the stream's `@Sendable` termination handler can cancel it.
/// `AnyCancellable.cancel()` is thread-safe.
private final class SubscriptionBox: @unchecked Sendable {
    private let cancellable: AnyCancellable

    init(_ cancellable: AnyCancellable) {
        self.cancellable = cancellable
    }

    func cancel() {
        cancellable.cancel()
    }
}
#endif

#if canImport(AVFoundation) && canImport(Combine)
import AVFoundation

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
