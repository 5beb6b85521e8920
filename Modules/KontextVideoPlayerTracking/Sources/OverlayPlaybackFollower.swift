import Foundation
import KontextVideoScheduling

/// Follows the content's playback for one overlay on screen: ends it when the content stops and
/// completes it once its duration was counted.
///
/// With a player tracked when `start()` is called:
/// - every 0.25 s on the clock it checks the player is still the tracked one (else
///   `.playerReleased` / `.playerReplaced`), is on the same item (else `.itemChanged`), and
///   counts how far `currentTime` moved with `PlaybackProgressCounter` (seeks count nothing);
/// - if the player offers a stream of `isPlaying` changes (`isPlayingUpdates`, or
///   `isPlayingPublisher` on Apple platforms), a `false` ends the overlay at once and
///   `isPlaying` is never polled; otherwise `isPlaying` is read at each of those 4 checks a
///   second. A stream that finishes falls back to polling;
/// - when the remaining duration would be reached before the next check at normal speed, one
///   extra check (without reading `isPlaying`) is made then, so completion is not late by up to 0.25 s.
///
/// Without a player the overlay runs on the clock's time and completes after `duration`.
/// A `nil` (or non-finite) duration never completes by itself. A duration of 0 or less completes
/// at the first check.
///
/// Exactly one of the callbacks runs, at most once, never synchronously inside `start()` or
/// `resume()`, and none after `stop()`. The facade pauses the follower while the app is in the
/// background (`pause()` / `resume()`): a paused follower makes no checks and counts no time;
/// after `resume()` the first sample only sets a new baseline. An `isPlaying` stream is still
/// followed while paused, so content paused in the background ends the overlay.
@MainActor
package final class OverlayPlaybackFollower {
    /// Why the content stopped under the overlay; every case ends it with `.interrupted`.
    package enum Interruption: Sendable, Hashable {
        /// The content paused or ended (`isPlaying` became `false`).
        case contentPaused
        /// The player moved to another item (`currentItemIdentifier` changed).
        case itemChanged
        /// The player was deallocated or released (`destroy()`).
        case playerReleased
        /// `track(_:)` was given another player.
        case playerReplaced
    }

    /// Where the follower is in its life.
    package enum Phase: Sendable, Hashable {
        /// Created, not started.
        case idle
        /// Following.
        case running
        /// Paused by the facade (app in the background).
        case paused
        /// Stopped, interrupted or completed: nothing more happens.
        case finished
    }

    /// How often the player is checked while following: 4 times a second.
    package static let checkInterval: Duration = .milliseconds(250)

    /// Content seconds the overlay stays on screen, `nil` when it stays until ended.
    package let duration: TimeInterval?

    /// Where the follower is in its life.
    package private(set) var phase: Phase = .idle

    /// Whether the follower follows a player (`false`: the overlay runs on its own time).
    /// Decided at `start()`.
    package private(set) var followsPlayer = false

    private enum Wake {
        case check
        case estimatedEnd
        case ownTimeEnd
    }

    private let tracker: PlayerTracker
    private let clock: any SchedulingClock
    private var onInterrupted: ((Interruption) -> Void)?
    private var onCompleted: (() -> Void)?

    private weak var player: (any VideoAdsPlayer)?
    private var itemIdentifier: AnyHashable?
    private var counter = PlaybackProgressCounter()
    private var pollsIsPlaying = true
    private var nextCheck: Duration = .zero
    private var estimatedEndUsed = false
    private var ownTimeCounted: Duration = .zero
    private var segmentStart: Duration = .zero
    private var loopTask: Task<Void, Never>?
    private var updatesTask: Task<Void, Never>?

    /// A follower for one overlay; nothing happens until `start()`.
    /// - Parameters:
    ///   - tracker: the `VideoAds` object's player tracker; its player at `start()` is followed.
    ///   - clock: the SDK's clock for checks and own time.
    ///   - duration: content seconds to count before completing; `nil` never completes.
    ///   - onInterrupted: the content stopped; end the overlay with `.interrupted`.
    ///   - onCompleted: the duration was counted; end the overlay with `.completed`.
    package init(
        tracker: PlayerTracker,
        clock: any SchedulingClock,
        duration: TimeInterval?,
        onInterrupted: @escaping @MainActor (Interruption) -> Void,
        onCompleted: @escaping @MainActor () -> Void
    ) {
        self.tracker = tracker
        self.clock = clock
        self.duration = duration.flatMap { $0.isFinite ? $0 : nil }
        self.onInterrupted = onInterrupted
        self.onCompleted = onCompleted
    }

    deinit {
        loopTask?.cancel()
        updatesTask?.cancel()
    }

    /// Content seconds counted so far: the player's counted progress, or own time without a player.
    package var countedDuration: TimeInterval {
        if followsPlayer { return counter.counted }
        let running = phase == .running ? clock.now - segmentStart : .zero
        return (ownTimeCounted + running).timeInterval
    }

    /// Starts following the tracker's current player (or own time without one). Call when the
    /// overlay is on screen; the facade has already refused paused content with `contentPaused`.
    /// Does nothing unless the follower is new.
    package func start() {
        guard phase == .idle else { return }
        phase = .running
        let now = clock.now
        segmentStart = now
        if let player = tracker.player {
            self.player = player
            followsPlayer = true
            itemIdentifier = player.currentItemIdentifier
            sample(player, at: now)
            nextCheck = now + Self.checkInterval
            if let updates = player.makePlayingUpdates() {
                pollsIsPlaying = false
                follow(updates)
            }
        }
        runLoop()
    }

    /// Pauses checks and counting (app in the background). Does nothing unless running.
    package func pause() {
        guard phase == .running else { return }
        if !followsPlayer {
            ownTimeCounted += clock.now - segmentStart
        }
        phase = .paused
        loopTask?.cancel()
        loopTask = nil
    }

    /// Resumes after `pause()`; the first sample after it counts nothing. Does nothing unless paused.
    package func resume() {
        guard phase == .paused else { return }
        phase = .running
        let now = clock.now
        segmentStart = now
        if followsPlayer {
            counter.resetBaseline()
            if let player { sample(player, at: now) }
            nextCheck = now + Self.checkInterval
            estimatedEndUsed = false
        }
        runLoop()
    }

    /// Stops following: no callback runs after this. Idempotent.
    package func stop() {
        guard phase != .finished else { return }
        phase = .finished
        tearDown()
    }

    // MARK: - Loop

    private func runLoop() {
        loopTask?.cancel()
        loopTask = Task { @MainActor [weak self, clock] in
            while !Task.isCancelled {
                guard let (deadline, wake) = self?.nextWake() else { return }
                do {
                    try await clock.sleep(until: deadline)
                } catch {
                    return
                }
                guard let self, self.phase == .running, !Task.isCancelled else { return }
                self.handle(wake)
            }
        }
    }

    /// The next time to wake and why, or `nil` when nothing needs a wake.
    private func nextWake() -> (Duration, Wake)? {
        guard phase == .running else { return nil }
        guard followsPlayer else {
            guard let duration else { return nil }
            let remaining = Duration.timeInterval(duration) - ownTimeCounted
            return (segmentStart + max(.zero, remaining), .ownTimeEnd)
        }
        if let duration, !estimatedEndUsed {
            let estimatedEnd = clock.now + Duration.timeInterval(duration - counter.counted)
            if estimatedEnd < nextCheck { return (estimatedEnd, .estimatedEnd) }
        }
        return (nextCheck, .check)
    }

    private func handle(_ wake: Wake) {
        switch wake {
        case .ownTimeEnd:
            finish(.completed)
        case .estimatedEnd:
            estimatedEndUsed = true
            check(pollIsPlaying: false)
        case .check:
            let now = clock.now
            nextCheck += Self.checkInterval
            if nextCheck <= now { nextCheck = now + Self.checkInterval }
            estimatedEndUsed = false
            check(pollIsPlaying: pollsIsPlaying)
        }
    }

    private func check(pollIsPlaying: Bool) {
        guard let player else {
            interrupt(.playerReleased)
            return
        }
        guard let tracked = tracker.player else {
            interrupt(.playerReleased)
            return
        }
        guard tracked === player else {
            interrupt(.playerReplaced)
            return
        }
        guard player.currentItemIdentifier == itemIdentifier else {
            interrupt(.itemChanged)
            return
        }
        if pollIsPlaying, !player.isPlaying {
            interrupt(.contentPaused)
            return
        }
        sample(player, at: clock.now)
        if let duration, counter.counted + Self.tolerance >= duration {
            finish(.completed)
        }
    }

    /// Slack for floating-point sums of content seconds.
    private static let tolerance: TimeInterval = 1e-6

    private func sample(_ player: any VideoAdsPlayer, at now: Duration) {
        let rate = (player as? any PlaybackRateReporting)?.playbackRate
        counter.sample(currentTime: player.currentTime, at: now, playbackRate: rate)
    }

    // MARK: - isPlaying updates

    private func follow(_ updates: AsyncStream<Bool>) {
        updatesTask = Task { @MainActor [weak self] in
            for await isPlaying in updates {
                guard let self, self.phase != .finished else { return }
                if !isPlaying {
                    self.interrupt(.contentPaused)
                    return
                }
            }
            // The stream finished: fall back to polling `isPlaying`.
            guard let self, !Task.isCancelled else { return }
            self.pollsIsPlaying = true
        }
    }

    // MARK: - Ending

    private enum Outcome {
        case interrupted(Interruption)
        case completed
    }

    private func interrupt(_ cause: Interruption) {
        finish(.interrupted(cause))
    }

    /// Ends the follower and runs the one callback for `outcome`, after tearing down, so a
    /// callback that calls back into the follower finds it finished.
    private func finish(_ outcome: Outcome) {
        guard phase == .running || phase == .paused else { return }
        phase = .finished
        let interrupted = onInterrupted
        let completed = onCompleted
        tearDown()
        switch outcome {
        case .interrupted(let cause): interrupted?(cause)
        case .completed: completed?()
        }
    }

    private func tearDown() {
        loopTask?.cancel()
        loopTask = nil
        updatesTask?.cancel()
        updatesTask = nil
        onInterrupted = nil
        onCompleted = nil
    }
}
