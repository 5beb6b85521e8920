import Foundation
import KontextVideoPlayerTracking
import KontextVideoScheduling

/// A content player for headless tests: it plays, pauses, seeks, stalls, ends and changes items.
/// Its time moves with the test's clock while it plays (at `rate`), so advancing the virtual clock
/// plays the content too; nothing depends on real time.
///
/// Made with `reportsPlaybackEvents: true`, it stands for an `AVPlayer`: it reports its state,
/// speed, seeks and item changes as they happen, and the SDK follows it as it follows an
/// `AVPlayer` (its own speed and seek events, nothing polled).
///
/// ```swift
/// let player = harness.makePlayer()
/// ads.track(player)
/// await harness.advance(by: .seconds(10))   // the content played 10 s
/// player.pause()                           // an overlay on screen ends with .interrupted
/// ```
@MainActor
public final class HeadlessPlayer: VideoAdsPlayer, PlaybackEventSource {
    /// How fast the content plays while playing (1 = real time). With `reportsPlaybackEvents`, 0
    /// reads as waiting (buffering), as a stall does.
    public var rate: Double = 1 {
        didSet {
            reanchor(rate: oldValue)
            reportState()
        }
    }
    /// Identifies the current item; `changeItem()` moves to another.
    public private(set) var currentItemIdentifier: AnyHashable?
    /// Whether playback is stuck (buffering): it still counts as playing, but its time stands still.
    package var isStalled = false {
        willSet { reanchor(rate: rate) }
        didSet { reportState() }
    }
    /// Where the viewer sees the content: set it to `.externalScreen` for AirPlay (reported as an
    /// `AVPlayer` reports `isExternalPlaybackActive`, when made with `reportsPlaybackEvents`).
    package var contentOutput: ContentOutput = .here {
        didSet { if contentOutput != oldValue { report(.outputChanged(contentOutput)) } }
    }
    /// How many times the SDK read `isPlaying` (polling shows here).
    package private(set) var isPlayingReads = 0
    /// How many times the SDK read `currentTime`.
    package private(set) var currentTimeReads = 0
    private var playing: Bool
    private let clock: any SchedulingClock
    private var anchorTime: TimeInterval
    private var anchorClock: Duration
    private var reportsChanges: Bool
    private var listeners: [UUID: AsyncStream<Bool>.Continuation] = [:]
    private var reportsPlaybackEvents = false
    private var eventListeners: [UUID: AsyncStream<PlaybackEvent>.Continuation] = [:]

    /// Creates a player on `clock`. With `reportsChanges`, it offers `isPlayingUpdates` (the SDK
    /// reacts at once); without, the SDK polls `isPlaying` four times a second.
    /// `KontextVideoHarness.makePlayer(isPlaying:reportsChanges:)` makes one on the harness's clock.
    /// - Parameters:
    ///   - clock: The clock its time moves with.
    ///   - currentTime: Where the content starts, in seconds.
    ///   - isPlaying: Whether it plays from the start.
    ///   - reportsChanges: Whether it offers `isPlayingUpdates`.
    public init(clock: TestClock, currentTime: TimeInterval = 0, isPlaying: Bool = true, reportsChanges: Bool = false) {
        self.clock = clock
        self.anchorTime = currentTime
        self.anchorClock = clock.now
        self.playing = isPlaying
        self.currentItemIdentifier = 1
        self.reportsChanges = reportsChanges
    }

    /// Creates a player on `clock` that, with `reportsPlaybackEvents`, reports its state, speed,
    /// seeks and item changes as an `AVPlayer` does: the SDK then counts an overlay's duration at the
    /// player's own speed, counts no seek at all, and polls nothing. Without, it is the player of
    /// `init(clock:currentTime:isPlaying:reportsChanges:)` without `isPlayingUpdates`.
    /// `KontextVideoHarness.makePlayer(isPlaying:reportsPlaybackEvents:)` makes one on the harness's clock.
    /// - Parameters:
    ///   - clock: The clock its time moves with.
    ///   - currentTime: Where the content starts, in seconds.
    ///   - isPlaying: Whether it plays from the start.
    ///   - reportsPlaybackEvents: Whether it reports its playback as events, as an `AVPlayer`.
    public convenience init(clock: TestClock, currentTime: TimeInterval = 0, isPlaying: Bool = true, reportsPlaybackEvents: Bool) {
        self.init(clock: clock, currentTime: currentTime, isPlaying: isPlaying)
        self.reportsPlaybackEvents = reportsPlaybackEvents
    }

    deinit {
        // The SDK learns from the end of its event streams that the player is gone.
        for listener in eventListeners.values { listener.finish() }
    }

    /// Whether the content plays.
    public var isPlaying: Bool {
        isPlayingReads += 1
        return playing
    }

    /// Where the content is, in seconds.
    public var currentTime: TimeInterval {
        currentTimeReads += 1
        return position(rate: rate)
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

    /// Paused, waiting (stalled, or at rate 0) or playing at `rate`.
    package var playbackState: PlaybackState {
        guard playing else { return PlaybackState(.paused, rate: rate) }
        return PlaybackState(isStalled || rate == 0 ? .waiting : .playing, rate: rate)
    }

    /// A new stream of its state, seeks and item changes from now on (only when made with
    /// `reportsPlaybackEvents`); it finishes when the player is freed.
    package func makePlaybackEvents() -> AsyncStream<PlaybackEvent>? {
        guard reportsPlaybackEvents else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: PlaybackEvent.self)
        let id = UUID()
        eventListeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.eventListeners[id] = nil }
        }
        return stream
    }

    /// How many playback event streams are open: each is the SDK observing the player, as the
    /// `AVPlayer` adapter's key-value and seek observers do, and ends when its reader stops.
    package var playbackEventSubscriberCount: Int { eventListeners.count }

    /// Starts playing.
    public func play() { setPlaying(true) }

    /// Pauses.
    public func pause() { setPlaying(false) }

    /// Reaches the end: stops playing.
    public func end() { setPlaying(false) }

    /// Jumps to `time`. An overlay on screen counts nothing for a jump faster than about 4× real time.
    /// With `reportsPlaybackEvents` the jump is reported, and counts nothing however small.
    /// - Parameter time: The new position, in seconds (negative reads as 0).
    public func seek(to time: TimeInterval) {
        moveAnchor(to: time)
        report(.timeJumped)
    }

    /// Moves to another item, at its start.
    public func changeItem() {
        currentItemIdentifier = ((currentItemIdentifier as? Int) ?? 0) + 1
        moveAnchor(to: 0)
        report(.itemChanged)
    }

    /// From now on, offers `isPlayingUpdates`.
    package func offerUpdates() {
        reportsChanges = true
    }

    /// Ends every `isPlayingUpdates` stream handed out, and offers none from now on.
    package func finishUpdates() {
        reportsChanges = false
        let ending = listeners.values
        listeners.removeAll()
        for listener in ending { listener.finish() }
    }

    /// Ends every playback event stream handed out, and reports no events from now on, though
    /// the player lives on.
    package func finishPlaybackEvents() {
        reportsPlaybackEvents = false
        let ending = eventListeners.values
        eventListeners.removeAll()
        for listener in ending { listener.finish() }
    }

    private func position(rate: Double) -> TimeInterval {
        guard playing, !isStalled else { return anchorTime }
        return anchorTime + (clock.now - anchorClock).timeInterval * rate
    }

    /// Starts counting again from where the content is, as it played at `rate` until now.
    private func reanchor(rate: Double) {
        anchorTime = position(rate: rate)
        anchorClock = clock.now
    }

    private func moveAnchor(to time: TimeInterval) {
        anchorTime = max(0, time)
        anchorClock = clock.now
    }

    private func setPlaying(_ newValue: Bool) {
        guard playing != newValue else { return }
        reanchor(rate: rate)
        playing = newValue
        for listener in listeners.values { listener.yield(newValue) }
        reportState()
    }

    private func reportState() {
        report(.stateChanged(playbackState))
    }

    private func report(_ event: PlaybackEvent) {
        for listener in eventListeners.values { listener.yield(event) }
    }
}
