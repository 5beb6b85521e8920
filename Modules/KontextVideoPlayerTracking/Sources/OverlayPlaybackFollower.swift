import Foundation
import KontextVideoScheduling

/// Follows the content's playback for one overlay on screen: ends it when the content stops and
/// completes it once its duration was counted.
///
/// With a player tracked when `start()` is called, the follower reacts at once when `track(_:)` is
/// given another player (`.playerReplaced`) or `destroy()` lets it go (`.playerReleased`), and
/// follows the player in one of two ways:
/// - **A player that reports events** (`PlaybackEventSource`: an `AVPlayer`). Nothing is polled.
///   A paused state ends the overlay (`.contentPaused`), an item change too (`.itemChanged`), the
///   content going to another screen or to Picture in Picture (`.contentElsewhere`), and
///   its stream finishing with the player gone (`.playerReleased`). `ReportedProgressCounter`
///   counts the duration from the player's own speed and seek events, observing the playhead at
///   each event; the only wake-up is one sleep until the duration should be reached at the
///   reported speed (none while the content waits or has no duration). If the playhead is short of
///   it then, it is looked at again a quarter second later at the earliest. A stream that finishes
///   while the player lives falls back to polling.
/// - **Any other player** (a custom `VideoAdsPlayer`): every 0.25 s on the clock it checks the
///   player is still alive (else `.playerReleased`) and on the same item (else `.itemChanged`), and
///   counts how far `currentTime` moved with `PlaybackProgressCounter` (seeks count nothing). If the
///   player offers a stream of `isPlaying` changes (`isPlayingUpdates`, or `isPlayingPublisher` on
///   Apple platforms), a `false` ends the overlay at once and `isPlaying` is never polled;
///   otherwise `isPlaying` is read at each of those 4 checks a second. A stream that finishes falls
///   back to polling. When the remaining duration would be reached before the next check at normal
///   speed, one extra check (without reading `isPlaying`) is made then, so completion is not late
///   by up to 0.25 s.
///
/// Without a player the overlay runs on the clock's time and completes after `duration`.
/// A `nil` (or non-finite) duration never completes by itself. A duration of 0 or less completes
/// at the first check.
///
/// Exactly one of the callbacks runs, at most once, never synchronously inside `start()`,
/// `resume()` or the tracker's `track` / `release`, and none after `stop()`. The facade pauses the
/// follower while the app is in the background (`pause()` / `resume()`): a paused follower makes
/// no checks and counts no time; after `resume()` the first look at the playhead only sets a new
/// baseline. The player's events, its `isPlaying` stream and the tracker's changes are still
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
        /// The content is seen on another screen or in Picture in Picture (`ContentOutput`): the
        /// overlay would count and complete unseen.
        case contentElsewhere
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

    /// How the follower follows the content.
    package enum Source: Sendable, Hashable {
        /// No player: the overlay runs on its own time.
        case ownTime
        /// A player checked 4 times a second (a custom `VideoAdsPlayer`).
        case polledPlayer
        /// A player that reports its state, speed, seeks and items as events (an `AVPlayer`).
        case reportingPlayer
    }

    /// How the follower follows the content; decided at `start()` (a reporting player whose events
    /// stop while it lives becomes a polled one).
    package private(set) var source: Source = .ownTime

    private enum Wake {
        case check
        case estimatedEnd
        case ownTimeEnd
        case reportedEnd
    }

    private let tracker: PlayerTracker
    let clock: any SchedulingClock
    private var onInterrupted: ((Interruption) -> Void)?
    private var onCompleted: (() -> Void)?

    private weak var player: (any VideoAdsPlayer)?
    private var itemIdentifier: AnyHashable?
    /// Counts a polled player's progress.
    private(set) var counter = PlaybackProgressCounter()
    /// Counts a reporting player's progress.
    private(set) var reported = ReportedProgressCounter(state: PlaybackState(.playing))
    /// A reporting player is not looked at again before this, after a look found the playhead
    /// short of the estimated end.
    private var earliestReportedCheck: Duration = .zero
    private var pollsIsPlaying = true
    private var nextCheck: Duration = .zero
    private var estimatedEndUsed = false
    /// Own time counted before the current segment (no player).
    private(set) var ownTimeCounted: Duration = .zero
    /// When the current segment of own time started.
    private(set) var segmentStart: Duration = .zero
    private var loopTask: Task<Void, Never>?
    /// Follows the player's events or its `isPlaying` stream.
    private var updatesTask: Task<Void, Never>?
    private var trackerObservation: PlayerTracker.ChangeObservation?

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

    /// Content seconds counted up to the last look at the player's playhead.
    private var playerCounted: TimeInterval { reported.counted + counter.counted }

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
            itemIdentifier = player.currentItemIdentifier
            observeTracker()
            if let reporting = player as? any PlaybackEventSource, let events = reporting.makePlaybackEvents() {
                // Subscribed before the state is read, so no change falls between the two.
                source = .reportingPlayer
                let state = reporting.playbackState
                reported = ReportedProgressCounter(state: state)
                reported.observe(currentTime: player.currentTime, at: now)
                follow(events)
                if !state.isPlaying {
                    // The facade refuses paused content; a player paused in between ends the overlay, after `start()` returned.
                    Task { @MainActor [weak self] in self?.interrupt(.contentPaused) }
                } else if !reporting.contentOutput.showsAdsOverContent {
                    // Likewise content that went elsewhere in between (the facade refuses it too).
                    Task { @MainActor [weak self] in self?.interrupt(.contentElsewhere) }
                }
            } else {
                startPolling(player, at: now)
            }
        }
        runLoop()
    }

    /// Follows `player` by checks 4 times a second from `now`, and its `isPlaying` stream if it has one.
    private func startPolling(_ player: any VideoAdsPlayer, at now: Duration) {
        source = .polledPlayer
        counter.resetBaseline()
        sample(player, at: now)
        nextCheck = now + Self.checkInterval
        estimatedEndUsed = false
        pollsIsPlaying = true
        if let updates = player.makePlayingUpdates() {
            pollsIsPlaying = false
            follow(updates)
        }
    }

    /// Pauses checks and counting (app in the background). Does nothing unless running.
    package func pause() {
        guard phase == .running else { return }
        switch source {
        case .ownTime:
            ownTimeCounted += clock.now - segmentStart
        case .reportingPlayer:
            // What played up to now counts; nothing from here to `resume()`.
            if let player { reported.observe(currentTime: player.currentTime, at: clock.now) }
            reported.resetBaseline()
        case .polledPlayer:
            break
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
        switch source {
        case .ownTime:
            break
        case .polledPlayer:
            counter.resetBaseline()
            if let player { sample(player, at: now) }
            nextCheck = now + Self.checkInterval
            estimatedEndUsed = false
        case .reportingPlayer:
            reported.resetBaseline()
            if let player { reported.observe(currentTime: player.currentTime, at: now) }
            earliestReportedCheck = .zero
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
        switch source {
        case .ownTime:
            guard let duration else { return nil }
            let remaining = Duration.timeInterval(duration) - ownTimeCounted
            return (segmentStart + max(.zero, remaining), .ownTimeEnd)
        case .reportingPlayer:
            // Nothing to wake for but the end, and no end while the content stands still.
            guard let duration, let end = reported.clockTime(reaching: duration - counter.counted) else { return nil }
            return (max(end, earliestReportedCheck), .reportedEnd)
        case .polledPlayer:
            break
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
        case .reportedEnd:
            lookAtReportingPlayer()
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
        completeIfCounted()
    }

    /// Completes once the duration was counted.
    private func completeIfCounted() {
        if let duration, playerCounted + Self.tolerance >= duration {
            finish(.completed)
        }
    }

    /// Slack for floating-point sums of content seconds.
    private static let tolerance: TimeInterval = 1e-6

    private func sample(_ player: any VideoAdsPlayer, at now: Duration) {
        counter.sample(currentTime: player.currentTime, at: now)
    }

    // MARK: - A reporting player

    private func follow(_ events: AsyncStream<PlaybackEvent>) {
        updatesTask = Task { @MainActor [weak self] in
            for await event in events {
                guard let self, self.phase != .finished else { return }
                self.handle(event)
            }
            guard let self, !Task.isCancelled else { return }
            self.playbackEventsEnded()
        }
    }

    private func handle(_ event: PlaybackEvent) {
        guard let player else {
            interrupt(.playerReleased)
            return
        }
        switch event {
        case .itemChanged:
            interrupt(.itemChanged)
        case .stateChanged(let state) where !state.isPlaying:
            interrupt(.contentPaused)
        case .stateChanged(let state):
            lookAtReportingPlayer(player, state: state)
        case .timeJumped:
            lookAtReportingPlayer(player, jumped: true)
        case .outputChanged(let output) where !output.showsAdsOverContent:
            interrupt(.contentElsewhere)
        case .outputChanged:
            break
        }
    }

    /// Looks at the playhead of a reporting player (at an event, or at the estimated end): counts,
    /// completes once the duration was counted, and otherwise sleeps until the new estimated end.
    /// While paused, only the state is kept.
    private func lookAtReportingPlayer(_ player: (any VideoAdsPlayer)? = nil, jumped: Bool = false, state: PlaybackState? = nil) {
        guard let player = player ?? self.player else {
            interrupt(.playerReleased)
            return
        }
        guard phase == .running else {
            if let state { reported.update(state: state) }
            return
        }
        let now = clock.now
        reported.observe(currentTime: player.currentTime, at: now, jumped: jumped, state: state)
        completeIfCounted()
        guard phase == .running else { return }
        // At an event the estimate is new; at the end it was not reached (the playhead lagged the
        // reported speed): look again a quarter second later at the earliest.
        earliestReportedCheck = jumped || state != nil ? .zero : now + Self.checkInterval
        runLoop()
    }

    /// The player's events stopped: it is gone, or it stopped reporting and is polled from now on.
    private func playbackEventsEnded() {
        guard phase == .running || phase == .paused else { return }
        guard let player, tracker.player === player else {
            trackedPlayerChanged()
            return
        }
        if phase == .running { reported.observe(currentTime: player.currentTime, at: clock.now) }
        reported.resetBaseline()
        startPolling(player, at: clock.now)
        if phase == .running { runLoop() }
    }

    // MARK: - The tracked player

    private func observeTracker() {
        trackerObservation = tracker.observeChanges { [weak self] in
            // After `track` or `release` returned: `destroy()` ends its ads with `.destroyed` first.
            Task { @MainActor [weak self] in self?.trackedPlayerChanged() }
        }
    }

    /// Ends the overlay if the tracker no longer follows this player.
    private func trackedPlayerChanged() {
        guard phase == .running || phase == .paused else { return }
        guard let player, let tracked = tracker.player else {
            interrupt(.playerReleased)
            return
        }
        if tracked !== player { interrupt(.playerReplaced) }
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
        if let trackerObservation { tracker.removeObserver(trackerObservation) }
        trackerObservation = nil
        onInterrupted = nil
        onCompleted = nil
    }
}
