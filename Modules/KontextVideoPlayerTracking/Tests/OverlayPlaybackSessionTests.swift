import Foundation
import Testing
@testable import KontextVideoPlayerTracking
import KontextVideoScheduling

/// Every input of `OverlayPlaybackSession` in every state it can meet it in: the table lists, per
/// input, the states where it changes something and exactly what (the actions, in order, and the
/// phase, source, count and `isPlaying` reading after); in every other state the input must change
/// nothing. An overlay of 4 content seconds throughout.
@Suite("Overlay playback session: every input in every state")
struct OverlayPlaybackSessionTableTests {
    typealias Action = OverlayPlaybackAction
    typealias Input = OverlayPlaybackInput

    static let duration: TimeInterval = 4
    static let playing = PlaybackState(.playing)

    /// A reading of a player still tracked, on its item, playing.
    static func sample(_ currentTime: TimeInterval, isPlaying: Bool? = nil) -> PlayerSample {
        PlayerSample(isPlaying: isPlaying, currentTime: currentTime)
    }

    /// The states, each reached by its steps (an input at a time on the clock) from a fresh session.
    enum State: String, CaseIterable, CustomStringConvertible {
        case idle
        case ownTime, ownTimePaused
        case polled, polledReadsIsPlaying, polledChecking, polledNearEnd, polledPaused, polledResuming
        case reporting, reportingWaiting, reportingAtEnd, reportingPausing, reportingPaused, reportingResuming, reportingHandingOver
        case finished

        var description: String { rawValue }

        /// The inputs that reach the state, each at its time in seconds.
        var steps: [(Input, at: TimeInterval)] {
            let startPolled: (Input, at: TimeInterval) = (.start(.polledPlayer(currentTime: 0)), 0)
            let startReporting: (Input, at: TimeInterval) = (.start(.reportingPlayer(currentTime: 0, state: playing, output: .here)), 0)
            switch self {
            case .idle: return []
            case .ownTime: return [(.start(.noPlayer), 0)]
            case .ownTimePaused: return State.ownTime.steps + [(.pause, 2)]
            // The player offers an `isPlaying` stream: checks do not read `isPlaying`.
            case .polled: return [startPolled]
            case .polledReadsIsPlaying: return [startPolled, (.isPlayingUpdatesEnded, 0)]
            // A check asked for at 2 s, not answered yet.
            case .polledChecking: return State.polledReadsIsPlaying.steps + [(.wakeUpDue, 2)]
            // 3.9 s counted at 2 s: the end comes before the next check.
            case .polledNearEnd: return State.polledChecking.steps + [(.read(.check(readsIsPlaying: true), sample(3.9, isPlaying: true)), 2)]
            case .polledPaused: return State.polled.steps + [(.pause, 2)]
            case .polledResuming: return State.polledPaused.steps + [(.resume, 3)]
            case .reporting: return [startReporting]
            case .reportingWaiting:
                let waiting = PlaybackState(.waiting)
                return [startReporting, (.playbackEvent(.stateChanged(waiting), playerAlive: true), 2),
                        (.read(.look(.stateChanged(waiting)), sample(2)), 2)]
            case .reportingAtEnd: return [startReporting, (.wakeUpDue, 4)]
            case .reportingPausing: return [startReporting, (.pause, 2)]
            case .reportingPaused: return State.reportingPausing.steps + [(.read(.pausing, sample(2)), 2)]
            case .reportingResuming: return State.reportingPaused.steps + [(.resume, 3)]
            case .reportingHandingOver: return [startReporting, (.playbackEventsEnded, 2)]
            case .finished: return State.ownTime.steps + [(.stop, 0)]
            }
        }

        /// The session in this state, and the clock's time it reached it at.
        var session: (OverlayPlaybackSession, now: Duration) {
            var session = OverlayPlaybackSession(duration: OverlayPlaybackSessionTableTests.duration)
            var now = Duration.zero
            for (input, time) in steps {
                now = .timeInterval(time)
                _ = session.handle(input, now: now)
            }
            return (session, now)
        }

        static let polledFollowing: Set<State> = [.polled, .polledReadsIsPlaying, .polledChecking, .polledNearEnd, .polledPaused, .polledResuming]
        static let reportingRunning: Set<State> = [.reporting, .reportingWaiting, .reportingAtEnd, .reportingResuming, .reportingHandingOver]
        static let reportingFollowing = reportingRunning.union([.reportingPausing, .reportingPaused])
        /// Every state that follows a player (running or paused).
        static let playerFollowing = polledFollowing.union(reportingFollowing)
        /// Every state that follows the content (running or paused).
        static let following = playerFollowing.union([.ownTime, .ownTimePaused])
    }

    /// What an input did, as far as the outside sees it.
    struct Effect: Equatable, CustomStringConvertible {
        /// The actions returned, in order.
        var actions: [Action] = []
        /// The phase after; `nil`: unchanged.
        var phase: OverlayPlaybackSession.Phase?
        /// The source after; `nil`: unchanged.
        var source: OverlayPlaybackSession.Source?
        /// Content seconds counted after (up to the last look); `nil`: unchanged.
        var counted: TimeInterval?
        /// Whether checks read `isPlaying` after; `nil`: unchanged.
        var readsIsPlaying: Bool?

        var description: String {
            "actions \(actions), phase \(phase.map { "\($0)" } ?? "same"), source \(source.map { "\($0)" } ?? "same"), "
                + "counted \(counted.map { "\($0)" } ?? "same"), readsIsPlaying \(readsIsPlaying.map { "\($0)" } ?? "same")"
        }
    }

    /// One row: an input, and its effect in the states where it has one.
    struct Row: CustomStringConvertible {
        let input: Input
        /// Time passed on the clock after the state was reached, before the input.
        var after: Duration = .zero
        let effects: [State: Effect]
        var description: String { "\(input)" + (after == .zero ? "" : " after \(after)") }
    }

    static func each(_ states: Set<State>, _ effect: Effect) -> [State: Effect] {
        Dictionary(uniqueKeysWithValues: states.map { ($0, effect) })
    }

    static func ending(_ action: Action) -> Effect {
        Effect(actions: [action], phase: .finished)
    }

    static let rows: [Row] = {
        var rows: [Row] = []
        // Starting: what the tracker holds decides the source.
        rows.append(Row(input: .start(.noPlayer), effects: [.idle: Effect(actions: [.scheduleWake(at: .seconds(4))], phase: .running)]))
        rows.append(Row(input: .start(.polledPlayer(currentTime: 0)), effects: [.idle: Effect(
            actions: [.observeTracker, .followIsPlayingUpdates, .scheduleWake(at: .milliseconds(250))],
            phase: .running, source: .polledPlayer, readsIsPlaying: false)]))
        rows.append(Row(input: .start(.reportingPlayer(currentTime: 0, state: playing, output: .here)), effects: [.idle: Effect(
            actions: [.observeTracker, .followPlaybackEvents, .scheduleWake(at: .seconds(4))], phase: .running, source: .reportingPlayer)]))
        // Paused content, or content elsewhere, at the start: ended once `start()` returned; no end to wake for while paused.
        rows.append(Row(input: .start(.reportingPlayer(currentTime: 0, state: PlaybackState(.paused), output: .here)), effects: [.idle: Effect(
            actions: [.observeTracker, .followPlaybackEvents, .interruptAfterStart(.contentPaused)], phase: .running, source: .reportingPlayer)]))
        rows.append(Row(input: .start(.reportingPlayer(currentTime: 0, state: playing, output: .externalScreen)), effects: [.idle: Effect(
            actions: [.observeTracker, .followPlaybackEvents, .interruptAfterStart(.contentElsewhere), .scheduleWake(at: .seconds(4))],
            phase: .running, source: .reportingPlayer)]))

        // Pausing, a second after the state: own time banks what ran; a reporting player's playhead is read.
        let paused = Effect(phase: .paused)
        rows.append(Row(input: .pause, after: .seconds(1), effects: [
            .ownTime: Effect(actions: [.cancelWake], phase: .paused, counted: 1),
            .polled: Effect(actions: [.cancelWake], phase: .paused),
            .polledReadsIsPlaying: Effect(actions: [.cancelWake], phase: .paused),
            .polledNearEnd: Effect(actions: [.cancelWake], phase: .paused),
            .polledChecking: paused,
            .polledResuming: paused,
            .reporting: Effect(actions: [.cancelWake, .read(.pausing)], phase: .paused),
            .reportingHandingOver: Effect(actions: [.cancelWake, .read(.pausing)], phase: .paused),
            .reportingWaiting: Effect(actions: [.read(.pausing)], phase: .paused),
            .reportingAtEnd: Effect(actions: [.read(.pausing)], phase: .paused),
            .reportingResuming: Effect(actions: [.read(.pausing)], phase: .paused),
        ]))
        // Resuming a second later: own time runs on (2 s counted, 2 s left); a player's playhead is read for a new baseline.
        rows.append(Row(input: .resume, after: .seconds(1), effects: [
            .ownTimePaused: Effect(actions: [.scheduleWake(at: .seconds(5))], phase: .running),
            .polledPaused: Effect(actions: [.read(.resuming)], phase: .running),
            .reportingPausing: Effect(actions: [.read(.resuming)], phase: .running),
            .reportingPaused: Effect(actions: [.read(.resuming)], phase: .running),
        ]))
        rows.append(Row(input: .stop, effects: each(State.following.union([.idle]), ending(.stopFollowing))))

        // The wake-up scheduled came: own time is over; a player is read.
        rows.append(Row(input: .wakeUpDue, effects: [
            .ownTime: ending(.complete),
            .polled: Effect(actions: [.read(.check(readsIsPlaying: false))]),
            .polledReadsIsPlaying: Effect(actions: [.read(.check(readsIsPlaying: true))]),
            // The extra check at the estimated end does not read `isPlaying`.
            .polledNearEnd: Effect(actions: [.read(.check(readsIsPlaying: false))]),
            .reporting: Effect(actions: [.read(.look(.estimatedEnd))]),
            .reportingHandingOver: Effect(actions: [.read(.look(.estimatedEnd))]),
        ]))

        // A polled player's check, answered at 2 s.
        let check = PlayerRead.check(readsIsPlaying: true)
        rows.append(Row(input: .read(check, sample(2, isPlaying: true)), effects: [
            .polledChecking: Effect(actions: [.scheduleWake(at: .milliseconds(2250))], counted: 2),
        ]))
        rows.append(Row(input: .read(check, sample(4, isPlaying: true)), effects: [.polledChecking: Effect(actions: [.complete], phase: .finished, counted: 4)]))
        rows.append(Row(input: .read(check, nil), effects: [.polledChecking: ending(.interrupt(.playerReleased))]))
        rows.append(Row(input: .read(check, PlayerSample(tracking: .released, isPlaying: true, currentTime: 2)), effects: [
            .polledChecking: ending(.interrupt(.playerReleased)),
        ]))
        rows.append(Row(input: .read(check, PlayerSample(tracking: .replaced, isPlaying: true, currentTime: 2)), effects: [
            .polledChecking: ending(.interrupt(.playerReplaced)),
        ]))
        rows.append(Row(input: .read(check, PlayerSample(onStartItem: false, isPlaying: true, currentTime: 2)), effects: [
            .polledChecking: ending(.interrupt(.itemChanged)),
        ]))
        rows.append(Row(input: .read(check, sample(2, isPlaying: false)), effects: [.polledChecking: ending(.interrupt(.contentPaused))]))
        // Not asked for by any state here: taken by none.
        rows.append(Row(input: .read(.check(readsIsPlaying: false), sample(2)), effects: [:]))

        // A reporting player's playhead at its estimated end (4 s).
        rows.append(Row(input: .read(.look(.estimatedEnd), sample(4)), effects: [.reportingAtEnd: Effect(actions: [.complete], phase: .finished, counted: 4)]))
        // Short of it: looked at again no sooner than a quarter second later.
        rows.append(Row(input: .read(.look(.estimatedEnd), sample(3.9)), effects: [
            .reportingAtEnd: Effect(actions: [.scheduleWake(at: .milliseconds(4250))], counted: 3.9),
        ]))
        rows.append(Row(input: .read(.look(.estimatedEnd), nil), effects: [.reportingAtEnd: ending(.interrupt(.playerReleased))]))
        // What played up to the pause counts; the playhead at the resume is the new baseline (2 s counted, 2 s left).
        rows.append(Row(input: .read(.pausing, sample(2)), effects: [.reportingPausing: Effect(counted: 2)]))
        rows.append(Row(input: .read(.resuming, sample(10)), effects: [
            .polledResuming: Effect(actions: [.scheduleWake(at: .milliseconds(3250))]),
            .reportingResuming: Effect(actions: [.scheduleWake(at: .seconds(5))]),
        ]))
        // Events that finished while the player is still tracked: polled from now on.
        rows.append(Row(input: .read(.handOver, sample(2)), effects: [.reportingHandingOver: Effect(
            actions: [.followIsPlayingUpdates, .scheduleWake(at: .milliseconds(2250))], source: .polledPlayer, counted: 2, readsIsPlaying: false)]))
        // Handed over near the end: what the events counted (3.9 s) counts toward the estimated end,
        // 0.1 s away, sooner than the next check (the estimate once forgot it and woke at 4.15 s).
        rows.append(Row(input: .read(.handOver, sample(3.9)), after: .milliseconds(1900), effects: [.reportingHandingOver: Effect(
            actions: [.followIsPlayingUpdates, .scheduleWake(at: .seconds(4))], source: .polledPlayer, counted: 3.9, readsIsPlaying: false)]))
        rows.append(Row(input: .read(.handOver, PlayerSample(tracking: .replaced, currentTime: 2)), effects: [
            .reportingHandingOver: ending(.interrupt(.playerReplaced)),
        ]))
        rows.append(Row(input: .read(.handOver, nil), effects: [.reportingHandingOver: ending(.interrupt(.playerReleased))]))

        // A reporting player's events: interruptions at once, paused or not; a look at the playhead while running.
        let faster = PlaybackState(.playing, rate: 2)
        rows.append(Row(input: .playbackEvent(.stateChanged(faster), playerAlive: true), effects: each(
            State.reportingRunning, Effect(actions: [.read(.look(.stateChanged(faster)))]))))
        rows.append(Row(input: .playbackEvent(.stateChanged(PlaybackState(.paused)), playerAlive: true), effects: each(
            State.reportingFollowing, ending(.interrupt(.contentPaused)))))
        rows.append(Row(input: .playbackEvent(.timeJumped, playerAlive: true), effects: each(
            State.reportingRunning, Effect(actions: [.read(.look(.timeJumped))]))))
        rows.append(Row(input: .playbackEvent(.itemChanged, playerAlive: true), effects: each(State.reportingFollowing, ending(.interrupt(.itemChanged)))))
        rows.append(Row(input: .playbackEvent(.outputChanged(.externalScreen), playerAlive: true), effects: each(
            State.reportingFollowing, ending(.interrupt(.contentElsewhere)))))
        rows.append(Row(input: .playbackEvent(.outputChanged(.here), playerAlive: true), effects: [:]))
        rows.append(Row(input: .playbackEvent(.timeJumped, playerAlive: false), effects: each(State.reportingFollowing, ending(.interrupt(.playerReleased)))))
        rows.append(Row(input: .playbackEventsEnded, effects: each(State.reportingFollowing, Effect(actions: [.read(.handOver)]))))

        // A polled player's `isPlaying` stream: `false` ends at once; its end turns reading `isPlaying` on.
        rows.append(Row(input: .isPlayingChanged(true), effects: [:]))
        rows.append(Row(input: .isPlayingChanged(false), effects: each(State.polledFollowing, ending(.interrupt(.contentPaused)))))
        rows.append(Row(input: .isPlayingUpdatesEnded, effects: each([.polled, .polledPaused, .polledResuming], Effect(readsIsPlaying: true))))

        // The tracker's changes, once `track` or `release` returned: only a followed player's.
        rows.append(Row(input: .trackerChanged(.followed), effects: [:]))
        rows.append(Row(input: .trackerChanged(.released), effects: each(State.playerFollowing, ending(.interrupt(.playerReleased)))))
        rows.append(Row(input: .trackerChanged(.replaced), effects: each(State.playerFollowing, ending(.interrupt(.playerReplaced)))))
        rows.append(Row(input: .startRefused(.contentElsewhere), effects: each(State.following, ending(.interrupt(.contentElsewhere)))))
        return rows
    }()

    @Test("the table covers every kind of input")
    func everyInputHasARow() {
        let kinds = Set(Self.rows.map { InputKind($0.input) })
        #expect(kinds == Set(InputKind.allCases), "missing: \(Set(InputKind.allCases).subtracting(kinds))")
    }

    @Test("every input in every state", arguments: rows.indices)
    func input(_ index: Int) {
        let row = Self.rows[index]
        for state in State.allCases {
            var (session, reached) = state.session
            let before = session
            let actions = session.handle(row.input, now: reached + row.after)
            let seen = Effect(
                actions: actions,
                phase: session.phase == before.phase ? nil : session.phase,
                source: session.source == before.source ? nil : session.source,
                counted: Self.counted(session) == Self.counted(before) ? nil : Self.counted(session),
                readsIsPlaying: session.readsIsPlaying == before.readsIsPlaying ? nil : session.readsIsPlaying)
            #expect(seen == (row.effects[state] ?? Effect()), "\(row) in \(state)")
        }
    }

    @Test("once finished, nothing: one outcome at most, none after stop")
    func finishedTakesNothing() {
        for row in Self.rows {
            var (session, reached) = State.finished.session
            #expect(session.handle(row.input, now: reached + .seconds(1)).isEmpty, "\(row)")
            #expect(session.phase == .finished)
        }
    }

    /// Content seconds counted up to the last look, or own time banked.
    static func counted(_ session: OverlayPlaybackSession) -> TimeInterval {
        session.reported.counted + session.counter.counted + session.ownTimeCounted.timeInterval
    }

    /// Every kind of input. `init(_:)` switches over the enum with no `default`, so a new input
    /// fails to compile here until it has a kind, and a kind without a row fails `everyInputHasARow`.
    enum InputKind: CaseIterable, Hashable {
        case start, pause, resume, stop, wakeUpDue, read, playbackEvent, playbackEventsEnded
        case isPlayingChanged, isPlayingUpdatesEnded, trackerChanged, startRefused

        /// The kind of `input`.
        init(_ input: Input) {
            switch input {
            case .start: self = .start
            case .pause: self = .pause
            case .resume: self = .resume
            case .stop: self = .stop
            case .wakeUpDue: self = .wakeUpDue
            case .read: self = .read
            case .playbackEvent: self = .playbackEvent
            case .playbackEventsEnded: self = .playbackEventsEnded
            case .isPlayingChanged: self = .isPlayingChanged
            case .isPlayingUpdatesEnded: self = .isPlayingUpdatesEnded
            case .trackerChanged: self = .trackerChanged
            case .startRefused: self = .startRefused
            }
        }
    }
}
