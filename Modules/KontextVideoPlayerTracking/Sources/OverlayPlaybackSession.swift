import Foundation
import KontextVideoScheduling

/// Every decision of `OverlayPlaybackFollower`, as a state machine: `handle(_:now:)` takes one
/// input and the clock's time and returns what to do, in order. It holds no player, starts no task
/// and reads no clock (the shape of `LinearPlaybackSession`): the follower translates the player,
/// the tracker and the clock into `OverlayPlaybackInput`s and runs the `OverlayPlaybackAction`s.
/// The rules are the follower's (its header is the contract):
///
/// - **Own time** (no player): one wake-up at `duration` of counted time; `pause` banks the time
///   counted, `resume` starts a new segment.
/// - **A polled player**: a wake-up every `checkInterval` asks for a check (`PlayerRead.check`):
///   a freed or released player, another player tracked, another item, or `isPlaying` false (read
///   only while no `isPlaying` stream is followed) interrupt; otherwise `PlaybackProgressCounter`
///   counts the playhead. When the duration would be reached before the next check at normal
///   speed, one extra check without `isPlaying` is made then.
/// - **A reporting player**: its events interrupt at once (paused, item changed, output elsewhere,
///   player freed); a state change or a seek asks for a look at the playhead
///   (`PlayerRead.look`), counted by `ReportedProgressCounter`; the only wake-up is the estimated
///   end at the reported speed, and one that finds the playhead short is followed by the next no
///   sooner than `checkInterval` later. Events that finish while the player is still the tracker's
///   hand over to polling.
///
/// At most one wake-up is scheduled at a time (`scheduleWake` replaces the last), and one reading
/// asked for at a time (`.read`): a reading it did not ask for last changes nothing. Once the phase is
/// `.finished` every input returns nothing: exactly one of `.interrupt` and `.complete` is ever
/// returned, or neither after `stop`.
package struct OverlayPlaybackSession: Sendable, Equatable {
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

    /// How the follower follows the content.
    package enum Source: Sendable, Hashable {
        /// No player: the overlay runs on its own time.
        case ownTime
        /// A player checked 4 times a second (a custom `VideoAdsPlayer`).
        case polledPlayer
        /// A player that reports its state, speed, seeks and items as events (an `AVPlayer`).
        case reportingPlayer
    }

    /// What a scheduled wake-up is for.
    private enum Wake: Sendable, Hashable {
        /// A polled player's regular check.
        case check
        /// A polled player's extra check when its duration should be reached before the next.
        case estimatedEnd
        /// Own time reaches the duration.
        case ownTimeEnd
        /// A reporting player should have reached the duration at its reported speed.
        case reportedEnd
    }

    /// How often a polled player is checked: 4 times a second; also the least time between two
    /// looks at a reporting player's estimated end.
    package static let checkInterval: Duration = .milliseconds(250)

    /// Slack for floating-point sums of content seconds.
    private static let tolerance: TimeInterval = 1e-6

    /// Content seconds the overlay stays on screen, `nil` when it stays until ended.
    package let duration: TimeInterval?
    /// Where the follower is in its life.
    package private(set) var phase = Phase.idle
    /// How the content is followed; decided at `.start` (a reporting player whose events stop
    /// while it is still tracked becomes a polled one).
    package private(set) var source = Source.ownTime
    /// Counts a polled player's progress.
    package private(set) var counter = PlaybackProgressCounter()
    /// Counts a reporting player's progress.
    package private(set) var reported = ReportedProgressCounter(state: PlaybackState(.playing))
    /// Own time counted before the current segment (no player).
    package private(set) var ownTimeCounted: Duration = .zero
    /// When the current segment of own time started.
    package private(set) var segmentStart: Duration = .zero

    /// Whether a polled player's check reads `isPlaying` (no `isPlaying` stream is followed).
    package private(set) var readsIsPlaying = true
    /// When a polled player's next regular check is due.
    private var nextCheck: Duration = .zero
    /// Whether the extra check before `nextCheck` was made.
    private var estimatedEndUsed = false
    /// A reporting player is not looked at again before this, after a look found the playhead
    /// short of the estimated end.
    private var earliestReportedCheck: Duration = .zero
    /// The wake-up scheduled, `nil` when none is.
    private var scheduledWake: Wake?
    /// The reading asked for and not answered yet: only its answer is taken.
    private var pendingRead: PlayerRead?

    /// A session for an overlay of `duration` content seconds (`nil` or non-finite: never
    /// completes by itself); nothing happens until `.start`.
    package init(duration: TimeInterval?) {
        self.duration = duration.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Content seconds counted up to the last look at the player's playhead.
    private var playerCounted: TimeInterval { reported.counted + counter.counted }

    /// Whether the session still follows (running or paused).
    private var isFollowing: Bool { phase == .running || phase == .paused }

    /// Takes `input` at `now` on the SDK's clock and returns what to do, in order.
    package mutating func handle(_ input: OverlayPlaybackInput, now: Duration) -> [OverlayPlaybackAction] {
        switch input {
        case .start(let found): return start(found, now: now)
        case .pause: return pause(now: now)
        case .resume: return resume(now: now)
        case .stop: return stop()
        case .wakeUpDue: return wakeUp(now: now)
        case .read(let read, let sample):
            guard read == pendingRead else { return [] }
            pendingRead = nil
            return take(sample, for: read, now: now)
        case .playbackEvent(let event, let playerAlive): return take(event, playerAlive: playerAlive)
        case .playbackEventsEnded: return isFollowing && source == .reportingPlayer ? [ask(.handOver)] : []
        case .isPlayingChanged(let isPlaying):
            return isFollowing && source == .polledPlayer && !isPlaying ? finish(.interrupt(.contentPaused)) : []
        case .isPlayingUpdatesEnded:
            if isFollowing, source == .polledPlayer { readsIsPlaying = true }
            return []
        case .trackerChanged(let tracking):
            // Observed only while a player is followed.
            guard isFollowing, source != .ownTime, let outcome = outcome(for: tracking) else { return [] }
            return finish(outcome)
        case .startRefused(let cause): return isFollowing ? finish(.interrupt(cause)) : []
        }
    }

    // MARK: - Life

    private mutating func start(_ found: OverlayPlaybackStart, now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .idle else { return [] }
        phase = .running
        segmentStart = now
        var actions: [OverlayPlaybackAction] = []
        switch found {
        case .noPlayer:
            source = .ownTime
        case .polledPlayer(let currentTime):
            actions += [.observeTracker]
            actions += startPolling(currentTime: currentTime, now: now)
        case .reportingPlayer(let currentTime, let state, let output):
            source = .reportingPlayer
            reported = ReportedProgressCounter(state: state)
            reported.observe(currentTime: currentTime, at: now)
            actions += [.observeTracker, .followPlaybackEvents]
            // The facade refuses paused content or content elsewhere; a player that got there in
            // between ends the overlay, after `start()` returned.
            if !state.isPlaying {
                actions.append(.interruptAfterStart(.contentPaused))
            } else if !output.showsAdsOverContent {
                actions.append(.interruptAfterStart(.contentElsewhere))
            }
        }
        return actions + scheduleNextWake(now: now)
    }

    /// Polls the player from `now`: the sample at `currentTime` is the baseline, and its
    /// `isPlaying` stream is followed if it offers one (`.isPlayingUpdatesEnded` if not).
    private mutating func startPolling(currentTime: TimeInterval, now: Duration) -> [OverlayPlaybackAction] {
        source = .polledPlayer
        counter.resetBaseline()
        counter.sample(currentTime: currentTime, at: now)
        nextCheck = now + Self.checkInterval
        estimatedEndUsed = false
        readsIsPlaying = false
        return [.followIsPlayingUpdates]
    }

    private mutating func pause(now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .running else { return [] }
        phase = .paused
        var actions = cancelWake()
        switch source {
        case .ownTime: ownTimeCounted += now - segmentStart
        // What played up to now counts; nothing from here to `resume`.
        case .reportingPlayer: actions.append(ask(.pausing))
        case .polledPlayer: break
        }
        return actions
    }

    private mutating func resume(now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .paused else { return [] }
        phase = .running
        segmentStart = now
        switch source {
        case .ownTime:
            return scheduleNextWake(now: now)
        case .polledPlayer:
            counter.resetBaseline()
            nextCheck = now + Self.checkInterval
            estimatedEndUsed = false
            return [ask(.resuming)]
        case .reportingPlayer:
            reported.resetBaseline()
            earliestReportedCheck = .zero
            return [ask(.resuming)]
        }
    }

    private mutating func stop() -> [OverlayPlaybackAction] {
        guard phase != .finished else { return [] }
        phase = .finished
        scheduledWake = nil
        pendingRead = nil
        return [.stopFollowing]
    }

    private enum Outcome {
        case interrupt(Interruption)
        case complete
    }

    /// Ends the session with its one outcome.
    private mutating func finish(_ outcome: Outcome) -> [OverlayPlaybackAction] {
        guard isFollowing else { return [] }
        phase = .finished
        scheduledWake = nil
        pendingRead = nil
        switch outcome {
        case .interrupt(let cause): return [.interrupt(cause)]
        case .complete: return [.complete]
        }
    }

    /// How a player no longer the tracker's ends the overlay; `nil` while it still is.
    private func outcome(for tracking: PlayerTracking) -> Outcome? {
        switch tracking {
        case .followed: nil
        case .released: .interrupt(.playerReleased)
        case .replaced: .interrupt(.playerReplaced)
        }
    }

    /// Completes once the duration was counted; `nil` while it was not.
    private mutating func completeIfCounted() -> [OverlayPlaybackAction]? {
        guard let duration, playerCounted + Self.tolerance >= duration else { return nil }
        return finish(.complete)
    }

    // MARK: - Wake-ups

    private mutating func wakeUp(now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .running, let wake = scheduledWake else { return [] }
        scheduledWake = nil
        switch wake {
        case .ownTimeEnd:
            return finish(.complete)
        case .estimatedEnd:
            estimatedEndUsed = true
            return [ask(.check(readsIsPlaying: false))]
        case .reportedEnd:
            return [ask(.look(.estimatedEnd))]
        case .check:
            nextCheck += Self.checkInterval
            if nextCheck <= now { nextCheck = now + Self.checkInterval }
            estimatedEndUsed = false
            return [ask(.check(readsIsPlaying: readsIsPlaying))]
        }
    }

    /// Schedules the next wake-up, replacing any, or cancels the one scheduled when nothing needs
    /// one.
    private mutating func scheduleNextWake(now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .running, let (deadline, wake) = nextWake(now: now) else { return cancelWake() }
        scheduledWake = wake
        return [.scheduleWake(at: deadline)]
    }

    /// Asks for `read`; only its answer is taken next.
    private mutating func ask(_ read: PlayerRead) -> OverlayPlaybackAction {
        pendingRead = read
        return .read(read)
    }

    private mutating func cancelWake() -> [OverlayPlaybackAction] {
        guard scheduledWake != nil else { return [] }
        scheduledWake = nil
        return [.cancelWake]
    }

    /// The next time to wake and why, or `nil` when nothing needs a wake.
    private func nextWake(now: Duration) -> (Duration, Wake)? {
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
            if let duration, !estimatedEndUsed {
                // What a reporting player counted before it was polled counts too.
                let estimatedEnd = now + Duration.timeInterval(duration - playerCounted)
                if estimatedEnd < nextCheck { return (estimatedEnd, .estimatedEnd) }
            }
            return (nextCheck, .check)
        }
    }

    // MARK: - Readings of the player

    private mutating func take(_ sample: PlayerSample?, for read: PlayerRead, now: Duration) -> [OverlayPlaybackAction] {
        switch read {
        case .check(let readsIsPlaying): return check(sample, readsIsPlaying: readsIsPlaying, now: now)
        case .look(let reason): return look(sample, reason: reason, now: now)
        case .pausing:
            guard phase == .paused, source == .reportingPlayer else { return [] }
            if let sample { reported.observe(currentTime: sample.currentTime, at: now) }
            reported.resetBaseline()
            return []
        case .resuming:
            guard phase == .running else { return [] }
            if let sample {
                switch source {
                case .polledPlayer: counter.sample(currentTime: sample.currentTime, at: now)
                case .reportingPlayer: reported.observe(currentTime: sample.currentTime, at: now)
                case .ownTime: break
                }
            }
            return scheduleNextWake(now: now)
        case .handOver:
            return handOver(sample, now: now)
        }
    }

    private mutating func check(_ sample: PlayerSample?, readsIsPlaying: Bool, now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .running, source == .polledPlayer else { return [] }
        guard let sample else { return finish(.interrupt(.playerReleased)) }
        if let outcome = outcome(for: sample.tracking) { return finish(outcome) }
        guard sample.onStartItem else { return finish(.interrupt(.itemChanged)) }
        if readsIsPlaying, sample.isPlaying == false { return finish(.interrupt(.contentPaused)) }
        counter.sample(currentTime: sample.currentTime, at: now)
        return completeIfCounted() ?? scheduleNextWake(now: now)
    }

    /// Looks at a reporting player's playhead (at an event, or at the estimated end): counts,
    /// completes once the duration was counted, and otherwise wakes at the new estimated end.
    private mutating func look(_ sample: PlayerSample?, reason: LookReason, now: Duration) -> [OverlayPlaybackAction] {
        guard phase == .running, source == .reportingPlayer else { return [] }
        guard let sample else { return finish(.interrupt(.playerReleased)) }
        switch reason {
        case .estimatedEnd: reported.observe(currentTime: sample.currentTime, at: now)
        case .stateChanged(let state): reported.observe(currentTime: sample.currentTime, at: now, state: state)
        case .timeJumped: reported.observe(currentTime: sample.currentTime, at: now, jumped: true)
        }
        if let completed = completeIfCounted() { return completed }
        // At an event the estimate is new; at the end it was not reached (the playhead lagged the
        // reported speed): look again a quarter second later at the earliest.
        earliestReportedCheck = reason == .estimatedEnd ? now + Self.checkInterval : .zero
        return scheduleNextWake(now: now)
    }

    /// The player's events stopped: it is gone or no longer tracked, or it stopped reporting and
    /// is polled from now on.
    private mutating func handOver(_ sample: PlayerSample?, now: Duration) -> [OverlayPlaybackAction] {
        guard isFollowing, source == .reportingPlayer else { return [] }
        guard let sample else { return finish(.interrupt(.playerReleased)) }
        if let outcome = outcome(for: sample.tracking) { return finish(outcome) }
        if phase == .running { reported.observe(currentTime: sample.currentTime, at: now) }
        reported.resetBaseline()
        let actions = startPolling(currentTime: sample.currentTime, now: now)
        return actions + (phase == .running ? scheduleNextWake(now: now) : [])
    }

    // MARK: - A reporting player's events

    private mutating func take(_ event: PlaybackEvent, playerAlive: Bool) -> [OverlayPlaybackAction] {
        guard isFollowing, source == .reportingPlayer else { return [] }
        guard playerAlive else { return finish(.interrupt(.playerReleased)) }
        switch event {
        case .itemChanged:
            return finish(.interrupt(.itemChanged))
        case .stateChanged(let state) where !state.isPlaying:
            return finish(.interrupt(.contentPaused))
        case .stateChanged(let state):
            guard phase == .running else {
                // In the background only the state is kept: nothing counts until `resume`.
                reported.update(state: state)
                return []
            }
            return [ask(.look(.stateChanged(state)))]
        case .timeJumped:
            return phase == .running ? [ask(.look(.timeJumped))] : []
        case .outputChanged(let output) where !output.showsAdsOverContent:
            return finish(.interrupt(.contentElsewhere))
        case .outputChanged:
            return []
        }
    }
}

/// What the follower found on the tracker at `start()`.
package enum OverlayPlaybackStart: Sendable, Hashable {
    /// No player: the overlay runs on its own time.
    case noPlayer
    /// A player to poll: its playhead now.
    case polledPlayer(currentTime: TimeInterval)
    /// A player whose events are subscribed to (before reading these): its playhead, state and
    /// where its content is seen, now.
    case reportingPlayer(currentTime: TimeInterval, state: PlaybackState, output: ContentOutput)
}

/// Whether the followed player is still the tracker's.
package enum PlayerTracking: Sendable, Hashable {
    /// The tracker follows it still.
    case followed
    /// The player was freed, or the tracker released it.
    case released
    /// The tracker follows another player.
    case replaced
}

/// Why a reporting player's playhead is looked at.
package enum LookReason: Sendable, Hashable {
    /// The estimated end came: the duration should have been counted.
    case estimatedEnd
    /// The player reported a new (playing) state.
    case stateChanged(PlaybackState)
    /// The player reported a seek.
    case timeJumped
}

/// What the session asks to read of the followed player, now; its answer comes back as
/// `OverlayPlaybackInput.read`.
package enum PlayerRead: Sendable, Hashable {
    /// A polled player's check: whether it is still the tracker's and on its item, `isPlaying` (only
    /// when `readsIsPlaying`) and its playhead.
    case check(readsIsPlaying: Bool)
    /// A reporting player's playhead.
    case look(LookReason)
    /// The playhead as the follower pauses: what played up to now counts.
    case pausing
    /// The playhead as the follower resumes: the new baseline.
    case resuming
    /// Whether the player whose events finished is still the tracker's, and its playhead: it is
    /// polled from now on.
    case handOver
}

/// What was read of the followed player.
package struct PlayerSample: Sendable, Hashable {
    /// Whether it is still the tracker's.
    package var tracking: PlayerTracking
    /// Whether its `currentItemIdentifier` is still the one it had at the start.
    package var onStartItem: Bool
    /// Its `isPlaying`, `nil` when not asked for.
    package var isPlaying: Bool?
    /// Its `currentTime`.
    package var currentTime: TimeInterval

    /// A reading.
    package init(tracking: PlayerTracking = .followed, onStartItem: Bool = true, isPlaying: Bool? = nil, currentTime: TimeInterval) {
        self.tracking = tracking
        self.onStartItem = onStartItem
        self.isPlaying = isPlaying
        self.currentTime = currentTime
    }
}

/// One input of `OverlayPlaybackSession`.
package enum OverlayPlaybackInput: Sendable, Hashable {
    /// The overlay is on screen: follow what the tracker holds.
    case start(OverlayPlaybackStart)
    /// The app went to the background.
    case pause
    /// The app came back.
    case resume
    /// The overlay is taken down: nothing more.
    case stop
    /// The wake-up last scheduled came due.
    case wakeUpDue
    /// The answer to `.read(read)`: `nil` when the player was freed.
    case read(PlayerRead, PlayerSample?)
    /// A reporting player's event; `playerAlive` false when it came after the player was freed.
    case playbackEvent(PlaybackEvent, playerAlive: Bool)
    /// A reporting player's events finished.
    case playbackEventsEnded
    /// A polled player's `isPlaying` stream gave a value.
    case isPlayingChanged(Bool)
    /// A polled player's `isPlaying` stream finished, or the player offers none.
    case isPlayingUpdatesEnded
    /// The tracker's player changed (`track` or `release` returned): where that leaves the followed player.
    case trackerChanged(PlayerTracking)
    /// The interruption `interruptAfterStart` asked for, after `start()` returned.
    case startRefused(OverlayPlaybackSession.Interruption)
}

/// What `OverlayPlaybackSession` asks its driver to do.
package enum OverlayPlaybackAction: Sendable, Hashable {
    /// Wake up at `deadline` on the clock (`.wakeUpDue`), replacing the wake-up scheduled.
    case scheduleWake(at: Duration)
    /// Cancel the wake-up scheduled.
    case cancelWake
    /// Read the player now and hand the reading back (`.read`).
    case read(PlayerRead)
    /// Observe the tracker's changes (`.trackerChanged`, after `track` or `release` returned).
    case observeTracker
    /// Follow the reporting player's events subscribed to at the start (`.playbackEvent`,
    /// `.playbackEventsEnded`).
    case followPlaybackEvents
    /// Follow the player's `isPlaying` stream (`.isPlayingChanged`), or report
    /// `.isPlayingUpdatesEnded` when it offers none.
    case followIsPlayingUpdates
    /// Hand the session `.startRefused(cause)` once the call that started it returned.
    case interruptAfterStart(OverlayPlaybackSession.Interruption)
    /// Stop everything and call back `onInterrupted(cause)`.
    case interrupt(OverlayPlaybackSession.Interruption)
    /// Stop everything and call back `onCompleted`.
    case complete
    /// Stop everything; no callback.
    case stopFollowing
}
