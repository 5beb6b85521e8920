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
                publisher.sink(
                    receiveCompletion: { _ in continuation.finish() },
                    receiveValue: { continuation.yield($0) }
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

extension AVPlayer: VideoAdsPlayer {
    /// The playhead of the current item in seconds; 0 when there is no item or the time is invalid.
    public var currentTime: TimeInterval {
        let time: CMTime = self.currentTime()
        let seconds = time.seconds
        return seconds.isFinite && seconds > 0 ? seconds : 0
    }

    /// `true` while playing or waiting to play (buffering); `false` once paused or ended.
    public var isPlaying: Bool {
        timeControlStatus != .paused
    }

    /// `timeControlStatus` changes, observed through KVO, as playing / not playing.
    public var isPlayingPublisher: AnyPublisher<Bool, Never>? {
        publisher(for: \.timeControlStatus, options: [.initial, .new])
            .map { $0 != .paused }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    /// The identity of the current `AVPlayerItem`, so moving to another item ends an overlay.
    public var currentItemIdentifier: AnyHashable? {
        currentItem.map { AnyHashable(ObjectIdentifier($0)) }
    }
}

extension AVPlayer: PlaybackRateReporting {
    /// The player's own rate, so jumps are judged against it rather than the 4× default.
    package var playbackRate: Double? {
        let rate = Double(self.rate)
        return rate.isFinite && rate > 0 ? rate : nil
    }
}
#endif
