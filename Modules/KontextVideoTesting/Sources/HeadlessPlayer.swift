import Foundation
import KontextVideo
import KontextVideoScheduling

/// A content player for headless tests: it plays, pauses, seeks, ends and changes items. Its time
/// moves with the test's clock while it plays (at `rate`), so advancing the virtual clock plays
/// the content too; nothing depends on real time.
@MainActor
public final class HeadlessPlayer: VideoAdsPlayer {
    /// How fast the content plays while playing (1 = real time).
    public var rate: Double = 1 {
        didSet { reanchor(keeping: oldValue) }
    }
    /// Whether the content plays.
    public private(set) var isPlaying: Bool
    /// Identifies the current item; `changeItem()` moves to another.
    public private(set) var currentItemIdentifier: AnyHashable?
    private let clock: any SchedulingClock
    private var anchorTime: TimeInterval
    private var anchorClock: Duration
    private let reportsChanges: Bool
    private var listeners: [UUID: AsyncStream<Bool>.Continuation] = [:]

    /// Creates a player on `clock`. With `reportsChanges`, it offers `isPlayingUpdates` (the SDK
    /// reacts at once); without, the SDK polls `isPlaying` four times a second.
    public init(clock: any SchedulingClock, currentTime: TimeInterval = 0, isPlaying: Bool = true, reportsChanges: Bool = false) {
        self.clock = clock
        self.anchorTime = currentTime
        self.anchorClock = clock.now
        self.isPlaying = isPlaying
        self.currentItemIdentifier = 1
        self.reportsChanges = reportsChanges
    }

    /// Where the content is, in seconds.
    public var currentTime: TimeInterval {
        position(rate: rate)
    }

    /// A new stream on every read that emits whenever `isPlaying` changes (only when created with
    /// `reportsChanges`); it ends when its reader stops listening.
    public var isPlayingUpdates: AsyncStream<Bool>? {
        guard reportsChanges else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.listeners[id] = nil }
        }
        return stream
    }

    /// Starts playing.
    public func play() { setPlaying(true) }

    /// Pauses.
    public func pause() { setPlaying(false) }

    /// Reaches the end: stops playing.
    public func end() { setPlaying(false) }

    /// Jumps to `time`.
    public func seek(to time: TimeInterval) {
        anchorTime = max(0, time)
        anchorClock = clock.now
    }

    /// Moves to another item, at its start.
    public func changeItem() {
        currentItemIdentifier = ((currentItemIdentifier as? Int) ?? 0) + 1
        seek(to: 0)
    }

    private func position(rate: Double) -> TimeInterval {
        guard isPlaying else { return anchorTime }
        return anchorTime + (clock.now - anchorClock).timeInterval * rate
    }

    private func reanchor(keeping oldRate: Double) {
        anchorTime = position(rate: oldRate)
        anchorClock = clock.now
    }

    private func setPlaying(_ playing: Bool) {
        guard isPlaying != playing else { return }
        anchorTime = position(rate: rate)
        anchorClock = clock.now
        isPlaying = playing
        for listener in listeners.values { listener.yield(playing) }
    }
}
