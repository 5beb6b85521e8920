import Foundation
import KontextVideoPlayerTracking
import KontextVideoScheduling

/// A custom player whose playhead moves with a `TestClock`: at `rate` while playing and not
/// stalled. Counts every read of `isPlaying`.
@MainActor
final class FakePlayer: VideoAdsPlayer {
    let clock: TestClock
    private var anchorPosition: TimeInterval
    private var anchorClock: Duration
    private(set) var playing = true
    private(set) var rate: Double = 1
    private(set) var stalled = false
    private(set) var isPlayingReads = 0
    var item: AnyHashable? = "episode-1"
    /// Set by `offerUpdates()`: the stream handed to the SDK and its continuation.
    private var updates: (stream: AsyncStream<Bool>, continuation: AsyncStream<Bool>.Continuation)?

    init(clock: TestClock, position: TimeInterval = 0) {
        self.clock = clock
        self.anchorPosition = position
        self.anchorClock = clock.now
    }

    var currentTime: TimeInterval {
        guard playing, !stalled else { return anchorPosition }
        return anchorPosition + rate * (clock.now - anchorClock).timeInterval
    }

    var isPlaying: Bool {
        isPlayingReads += 1
        return playing
    }

    var isPlayingUpdates: AsyncStream<Bool>? { updates?.stream }

    var currentItemIdentifier: AnyHashable? { item }

    /// Offers an `isPlaying` stream from now on.
    func offerUpdates() {
        updates = AsyncStream<Bool>.makeStream()
    }

    /// Ends the `isPlaying` stream.
    func finishUpdates() {
        updates?.continuation.finish()
    }

    func pause() {
        rebase()
        playing = false
        updates?.continuation.yield(false)
    }

    func play() {
        rebase()
        playing = true
        updates?.continuation.yield(true)
    }

    func seek(to position: TimeInterval) {
        rebase()
        anchorPosition = position
    }

    func setRate(_ rate: Double) {
        rebase()
        self.rate = rate
    }

    func setStalled(_ stalled: Bool) {
        rebase()
        self.stalled = stalled
    }

    private func rebase() {
        anchorPosition = currentTime
        anchorClock = clock.now
    }
}

/// A fake player that reports its own rate, like an `AVPlayer`.
@MainActor
final class RateReportingPlayer: PlaybackRateReporting, VideoAdsPlayer {
    let inner: FakePlayer
    init(_ inner: FakePlayer) { self.inner = inner }
    var currentTime: TimeInterval { inner.currentTime }
    var isPlaying: Bool { inner.isPlaying }
    var playbackRate: Double? { inner.rate }
}
