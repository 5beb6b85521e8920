import Foundation
import Testing
import KontextVideoVAST
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives
import KontextVideoModels

/// Every input of `LinearPlaybackSession` in every state it can meet it in: the table lists, per
/// input, the states where it changes something and what; in every other state the input must
/// change nothing (no pixel, no player command, same phase and reasons). Time is a `TestClock`.
@Suite("Linear playback session: every input in every state")
struct LinearPlaybackSessionTableTests {
    typealias Reason = LinearPlaybackSession.PauseReason

    /// A 15-second ad, Skip at 5 s, with an end card; the system volume audible at start.
    static let configuration = LinearPlaybackSession.Configuration(
        skip: SkipControlRule(resolvedOffset: 5, offsetSpec: .seconds(5)), declaredDuration: 15, hasEndCard: true)

    /// One step toward a state: an input, or time passing on the clock.
    enum Step {
        case input(LinearPlaybackInput)
        case wait(Duration)
    }

    /// The states, each reached by its steps from a fresh session at the clock's start.
    enum State: String, CaseIterable, CustomStringConvertible {
        case loaded, started, startedInBackground, startedBuffering, startedExternal, playing, skippable, muted, buffering
        case background, interrupted, interruptionOutlasted, awaitingViewer, viewerPaused, playerPaused, sheetOpen, browserOpen
        case endCard, over

        var description: String { rawValue }

        /// The steps, in an app that publishes Now Playing info (the ad holds the remote commands).
        var steps: [Step] { steps(appPublishesNowPlayingInfo: true) }

        /// The steps, the app publishing Now Playing info as the ad starts or not.
        func steps(appPublishesNowPlayingInfo: Bool) -> [Step] {
            let start = LinearPlaybackInput.start(outputVolume: 1, appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
            let playing: [LinearPlaybackInput] = [start, .firstFrameRendered, .position(2)]
            let inputs: [LinearPlaybackInput]
            switch self {
            case .loaded: inputs = []
            case .started: inputs = [start]
            case .startedInBackground: inputs = [.signal(.applicationActive(false)), start]
            case .startedBuffering: inputs = [start, .buffering(true)]
            case .startedExternal: inputs = [start, .externalPlayback(true)]
            case .playing: inputs = playing
            case .skippable: inputs = playing + [.position(6)]
            case .muted: inputs = playing + [.signal(.outputVolume(0))]
            case .buffering: inputs = playing + [.buffering(true)]
            case .background: inputs = playing + [.signal(.applicationActive(false))]
            case .interrupted: inputs = playing + [.signal(.audioInterruptionBegan)]
            case .interruptionOutlasted:
                return State.interrupted.steps(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
                    + [.wait(LinearPlaybackSession.interruptionWaitLimit), .input(.interruptionCheckDue)]
            case .awaitingViewer: inputs = playing + [.signal(.audioOutputLost)]
            case .viewerPaused: inputs = playing + [.playPausePressed]
            case .playerPaused: inputs = playing + [.playerPaused]
            case .sheetOpen: inputs = playing + [.signal(.clickThroughOpened(.insideApp))]
            case .browserOpen: inputs = playing + [.signal(.clickThroughOpened(.outsideApp))]
            case .endCard: inputs = playing + [.reachedEnd]
            case .over: inputs = playing + [.position(6), .skipPressed]
            }
            return inputs.map(Step.input)
        }

        /// The session in this state, and the clock's time it reached it at (the app publishing
        /// Now Playing info).
        var session: (LinearPlaybackSession, now: Duration) {
            let reached = self.session(appPublishesNowPlayingInfo: true)
            return (reached.0, reached.now)
        }

        /// The session in this state, every action it returned on the way, and the clock's time
        /// it reached it at.
        func session(appPublishesNowPlayingInfo: Bool) -> (LinearPlaybackSession, actions: [LinearPlaybackAction], now: Duration) {
            var session = LinearPlaybackSession(configuration: LinearPlaybackSessionTableTests.configuration)
            var actions: [LinearPlaybackAction] = []
            var now = Duration.zero
            for step in steps(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo) {
                switch step {
                case .input(let input): actions += session.handle(input, now: now)
                case .wait(let time): now += time
                }
            }
            return (session, actions, now)
        }

        /// States whose video plays (or should: buffering is the player's, the session plays).
        static let playingVideo: Set<State> = [.started, .startedBuffering, .startedExternal, .playing, .skippable, .muted, .buffering]
        /// States whose video plays and rendered its first frame (pixels fire there).
        static let playingRendered: Set<State> = [.playing, .skippable, .muted, .buffering]
        /// States whose video is paused (and rendered: each pause was reported).
        static let pausedRendered: Set<State> = [
            .background, .interrupted, .interruptionOutlasted, .awaitingViewer, .viewerPaused, .playerPaused, .sheetOpen, .browserOpen,
        ]
        /// States where Resume shows: only reasons the viewer lifts hold the video.
        static let resumable: Set<State> = [.interruptionOutlasted, .awaitingViewer, .viewerPaused, .playerPaused, .sheetOpen, .browserOpen]
        /// Every state with the video on screen.
        static let video: Set<State> = playingVideo.union(pausedRendered).union([.startedInBackground])
    }

    /// What an input did, as far as the outside sees it.
    struct Effect: Equatable, CustomStringConvertible {
        /// The creative's moments reported, in order.
        var events: [CreativeEvent] = []
        /// The player command, if any.
        var player: LinearPlaybackAction?
        /// The phase after; `nil`: unchanged.
        var phase: LinearPlaybackSession.Phase?
        /// The pause reasons after; `nil`: unchanged.
        var reasons: Set<Reason>?

        var description: String { "events \(events), player \(player.map { "\($0)" } ?? "-"), phase \(phase.map { "\($0)" } ?? "same"), reasons \(reasons.map { "\($0)" } ?? "same")" }
    }

    /// One row: an input, and its effect in the states where it has one.
    struct Row: CustomStringConvertible {
        let input: LinearPlaybackInput
        /// Time passed on the clock before the input.
        var after: Duration = .zero
        let effects: [State: Effect]
        var description: String { "\(input)" + (after == .zero ? "" : " after \(after)") }
    }

    static func pausing(_ state: State, adding reason: Reason) -> Effect {
        Effect(events: finishingBuffer(state) + (State.playingRendered.contains(state) ? [.pause] : []), player: .pause, reasons: [reason])
    }

    /// `bufferFinish` when `state` is buffering: whatever stops the video reports it first.
    static func finishingBuffer(_ state: State) -> [CreativeEvent] {
        state == .buffering ? [.bufferFinish] : []
    }

    /// The effect of a signal that adds `reason` to a state whose video already holds still:
    /// the reason joins the others, nothing else happens (nothing at all when it was there).
    static func holding(_ state: State, _ reason: Reason) -> Effect? {
        let before = reasons(of: state)
        return before.contains(reason) ? nil : Effect(reasons: before.union([reason]))
    }

    static func each(_ states: Set<State>, _ effect: (State) -> Effect?) -> [State: Effect] {
        var effects: [State: Effect] = [:]
        for state in states { if let value = effect(state) { effects[state] = value } }
        return effects
    }

    static func reasons(of state: State) -> Set<Reason> {
        state.session.0.pauseReasons
    }

    /// The video played again: what lifting the last reason does in a paused, rendered state.
    static let resuming = Effect(events: [.resumePlayback], player: .play, reasons: [])

    /// Play/Pause, the TV remote's or the system's toggle command: pauses a playing video, plays
    /// again one Resume would.
    static let playPause = each(State.playingVideo) { pausing($0, adding: .viewer) }
        .merging(each(State.resumable) { _ in resuming }) { $1 }

    static let rows: [Row] = {
        var rows: [Row] = []
        rows.append(Row(input: .start(outputVolume: 1, appPublishesNowPlayingInfo: true), effects: [.loaded: Effect(player: .play, phase: .video)]))
        rows.append(Row(input: .firstFrameRendered, effects: [
            .started: Effect(events: [.firstFrame]),
            .startedInBackground: Effect(events: [.firstFrame, .pause]),
            // Still waiting for media at its first frame: the viewer sees it buffer from now.
            .startedBuffering: Effect(events: [.firstFrame, .bufferStart]),
            // On AirPlay the layer never gets ready; where it does, it is the first frame still.
            .startedExternal: Effect(events: [.firstFrame]),
        ]))
        rows.append(Row(input: .mediaLength(14.5), effects: each(State.video) { _ in Effect(events: [.mediaLength(14.5)]) }))
        // Progress is the ad's playing time: a held player that moves is paused again, unseen.
        rows.append(Row(input: .position(7), effects: each(State.playingVideo) { _ in Effect(events: [.progress(7)]) }
            .merging(each(State.pausedRendered.union([.startedInBackground])) { _ in Effect(player: .pause) }) { $1 }
            // On an external route the playing video's first movement is its first frame.
            .merging([.startedExternal: Effect(events: [.firstFrame, .progress(7)])]) { $1 }))
        // A held player coming to rest a little further on is its own playing, not a run.
        rows.append(Row(input: .position(2.3), effects: each(State.playingVideo.subtracting([.skippable])) { _ in Effect(events: [.progress(2.3)]) }
            .merging([.startedExternal: Effect(events: [.firstFrame, .progress(2.3)]),
                      .startedInBackground: Effect(player: .pause)]) { $1 }))
        // Movement is the player's word that it plays, yet buffering ends only when it says so.
        // A player that ran out while the session held it was not watched to its end: no complete.
        rows.append(Row(input: .reachedEnd, effects: each(State.video) { state in
            State.playingVideo.union([.playerPaused]).contains(state)
                ? Effect(events: finishingBuffer(state) + [.complete, .endCardShown], phase: .endCard)
                : Effect(events: [.failed(code: .mediaDisplay)], phase: .over)
        }))
        // Loaded and unshown, a failed player reports 401: the facade invalidates the ad.
        rows.append(Row(input: .playbackFailed, effects: each(State.video) { state in
            Effect(events: finishingBuffer(state) + [.failed(code: .mediaDisplay)], player: State.playingVideo.contains(state) ? .pause : nil, phase: .over)
        }.merging([.loaded: Effect(events: [.failed(code: .mediaFileNotFound)], phase: .over)]) { $1 }))
        rows.append(Row(input: .stallCheckDue, effects: [:]))
        // Buffering counts toward the stall: a video waiting 8 s for media fails as one standing still.
        rows.append(Row(input: .stallCheckDue, after: .seconds(8), effects: each(State.playingVideo) { state in
            Effect(events: finishingBuffer(state) + [.failed(code: .mediaDisplay)], player: .pause, phase: .over)
        }))
        // Heard only while the video plays; reported only once its first frame is up, once.
        rows.append(Row(input: .buffering(true), effects: each(State.playingRendered.subtracting([.buffering])) { _ in
            Effect(events: [.bufferStart])
        }))
        rows.append(Row(input: .buffering(false), effects: [.buffering: Effect(events: [.bufferFinish])]))
        rows.append(Row(input: .tapped, effects: each(State.video) { _ in Effect(events: [.click(.creative)]) }
            .merging([.endCard: Effect(events: [.click(.endCard)])]) { $1 }))
        rows.append(Row(input: .skipPressed, effects: [.skippable: Effect(events: [.skip], player: .pause, phase: .over)]))
        rows.append(Row(input: .closePressed, effects: [.endCard: Effect(events: [.close], phase: .over)]))
        rows.append(Row(input: .resumePressed, effects: each(State.resumable) { _ in resuming }))
        // The system's remote commands (Lock Screen, Control Center), the app publishing Now
        // Playing info: the viewer's own presses (without it: `LinearPlaybackRemoteCommandsTests`).
        rows.append(Row(input: .remotePlay, effects: each(State.resumable) { _ in resuming }))
        rows.append(Row(input: .remotePause, effects: each(State.playingVideo) { pausing($0, adding: .viewer) }))
        rows.append(Row(input: .remoteTogglePlayPause, effects: playPause))
        // The player paused by itself: Resume shows at once (no stall, no 405). A held player's
        // pause is the session's own coming back.
        rows.append(Row(input: .playerPaused, effects: each(State.playingVideo) { pausing($0, adding: .playerPausedItself) }))
        // Only the route changes: the first frame it brings is in the `.position` rows.
        rows.append(Row(input: .externalPlayback(true), effects: [:]))
        rows.append(Row(input: .externalPlayback(false), effects: [:]))
        rows.append(Row(input: .interruptionCheckDue, effects: [:]))
        // An interruption with no end for the wait limit: the viewer may lift it (Resume shows).
        rows.append(Row(input: .interruptionCheckDue, after: LinearPlaybackSession.interruptionWaitLimit, effects: [
            .interrupted: Effect(reasons: [.interruptionOutlasted]),
        ]))
        rows.append(Row(input: .menuPressed, effects: [
            .skippable: Effect(events: [.skip], player: .pause, phase: .over),
            .endCard: Effect(events: [.close], phase: .over),
        ]))
        rows.append(Row(input: .playPausePressed, effects: playPause))
        rows.append(Row(input: .signal(.applicationActive(false)), effects: each(State.playingVideo) { pausing($0, adding: .background) }
            .merging(each(State.pausedRendered) { holding($0, .background) }) { $1 }
            .merging([.loaded: Effect(reasons: [.background])]) { $1 }))
        rows.append(Row(input: .signal(.applicationActive(true)), effects: [
            .background: Effect(events: [.resumePlayback], player: .play, reasons: []),
            .browserOpen: Effect(events: [.resumePlayback], player: .play, reasons: []),
            .startedInBackground: Effect(player: .play, reasons: []),
            .interrupted: Effect(reasons: [.awaitingViewer]),
            // The system pauses the player of an app leaving the foreground: back, it plays.
            .playerPaused: resuming,
        ]))
        rows.append(Row(input: .signal(.audioInterruptionBegan), effects: each(State.playingVideo) { pausing($0, adding: .audioInterruption) }
            .merging(each(State.pausedRendered) { holding($0, .audioInterruption) }) { $1 }
            .merging([.loaded: Effect(reasons: [.audioInterruption]),
                      .startedInBackground: Effect(reasons: [.background, .audioInterruption])]) { $1 }))
        rows.append(Row(input: .signal(.audioInterruptionEnded(shouldResume: true)), effects: [
            .interrupted: resuming,
            .interruptionOutlasted: resuming,
        ]))
        rows.append(Row(input: .signal(.audioInterruptionEnded(shouldResume: false)), effects: [
            .interrupted: Effect(reasons: [.awaitingViewer]),
            .interruptionOutlasted: Effect(reasons: [.awaitingViewer]),
        ]))
        rows.append(Row(input: .signal(.audioOutputLost), effects: each(State.playingVideo) { pausing($0, adding: .awaitingViewer) }
            .merging(each(State.pausedRendered) { holding($0, .awaitingViewer) }) { $1 }
            .merging([.startedInBackground: Effect(reasons: [.background, .awaitingViewer])]) { $1 }))
        rows.append(Row(input: .signal(.outputVolume(0)), effects: each(State.playingRendered.union(State.pausedRendered).subtracting([.muted])) { _ in
            Effect(events: [.mute])
        }))
        rows.append(Row(input: .signal(.outputVolume(0.6)), effects: [.muted: Effect(events: [.unmute])]))
        for kind in [ClickThroughKind.insideApp, .outsideApp] {
            let reason: Reason = kind == .insideApp ? .clickThroughInsideApp : .clickThroughOutsideApp
            rows.append(Row(input: .signal(.clickThroughOpened(kind)), effects: each(State.playingVideo) { pausing($0, adding: reason) }
                .merging(each(State.pausedRendered) { holding($0, reason) }) { $1 }
                .merging([.startedInBackground: Effect(reasons: [.background, reason])]) { $1 }))
        }
        // Captions and icons change what is drawn, never the player, the pixels or the reasons:
        // this ad has neither (their own table: `LinearPlaybackCaptionsAndIconsTests`).
        rows.append(Row(input: .signal(.closedCaptioningEnabled(true)), effects: [:]))
        rows.append(Row(input: .iconTapped(0), effects: [:]))
        rows.append(Row(input: .iconsDrawn([0]), effects: [:]))
        rows.append(Row(input: .signal(.clickThroughClosed), effects: [
            .sheetOpen: Effect(events: [.resumePlayback], player: .play, reasons: []),
            .browserOpen: Effect(events: [.resumePlayback], player: .play, reasons: []),
        ]))
        return rows
    }()

    @Test("the table covers every kind of input")
    func everyInputHasARow() {
        let kinds = Set(Self.rows.map { InputKind($0.input) })
        #expect(kinds == Set(InputKind.allCases), "missing: \(Set(InputKind.allCases).subtracting(kinds))")
    }

    @Test("every input in every state", arguments: rows.indices)
    @MainActor
    func input(_ index: Int) async {
        await Self.check(Self.rows[index], appPublishesNowPlayingInfo: true)
    }

    /// Checks `row` in every state, reached in an app that publishes Now Playing info or not.
    @MainActor
    static func check(_ row: Row, appPublishesNowPlayingInfo: Bool) async {
        for state in State.allCases {
            let clock = TestClock()
            var (session, _, reached) = state.session(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
            await clock.advance(by: reached)
            let phaseBefore = session.phase, reasonsBefore = session.pauseReasons
            await clock.advance(by: row.after)
            let actions = session.handle(row.input, now: clock.now)
            var seen = Effect()
            seen.events = actions.compactMap { if case .report(let event) = $0 { event } else { nil } }
            seen.player = actions.first { $0 == .play || $0 == .pause }
            #expect(actions.filter { $0 == .play || $0 == .pause }.count <= 1, "\(row) in \(state): one player command at most")
            seen.phase = session.phase == phaseBefore ? nil : session.phase
            seen.reasons = session.pauseReasons == reasonsBefore ? nil : session.pauseReasons
            let expected = row.effects[state] ?? Effect()
            #expect(seen == expected, "\(row) in \(state), Now Playing info \(appPublishesNowPlayingInfo)")
        }
    }

    /// Every kind of input: the cases of `LinearPlaybackInput`, each signal counted as its own.
    /// `init(_:)` switches over both enums with no `default`, so a new input fails to compile
    /// here until it has a kind, and a kind without a row fails `everyInputHasARow`.
    enum InputKind: CaseIterable, Hashable {
        case start, firstFrameRendered, mediaLength, position, buffering, reachedEnd, playbackFailed, stallCheckDue
        case playerPaused, externalPlayback, interruptionCheckDue
        case tapped, skipPressed, closePressed, resumePressed, menuPressed, playPausePressed, remotePlay, remotePause, remoteTogglePlayPause
        case applicationActive, audioInterruptionBegan, audioInterruptionEnded, audioOutputLost, outputVolume
        case clickThroughOpened, clickThroughClosed, closedCaptioningEnabled, iconTapped, iconsDrawn

        /// The kind of `input`.
        init(_ input: LinearPlaybackInput) {
            switch input {
            case .start: self = .start
            case .firstFrameRendered: self = .firstFrameRendered
            case .mediaLength: self = .mediaLength
            case .position: self = .position
            case .buffering: self = .buffering
            case .reachedEnd: self = .reachedEnd
            case .playbackFailed: self = .playbackFailed
            case .stallCheckDue: self = .stallCheckDue
            case .playerPaused: self = .playerPaused
            case .externalPlayback: self = .externalPlayback
            case .interruptionCheckDue: self = .interruptionCheckDue
            case .remotePlay: self = .remotePlay
            case .remotePause: self = .remotePause
            case .remoteTogglePlayPause: self = .remoteTogglePlayPause
            case .tapped: self = .tapped
            case .skipPressed: self = .skipPressed
            case .closePressed: self = .closePressed
            case .resumePressed: self = .resumePressed
            case .menuPressed: self = .menuPressed
            case .playPausePressed: self = .playPausePressed
            case .iconTapped: self = .iconTapped
            case .iconsDrawn: self = .iconsDrawn
            case .signal(let signal):
                switch signal {
                case .applicationActive: self = .applicationActive
                case .audioInterruptionBegan: self = .audioInterruptionBegan
                case .audioInterruptionEnded: self = .audioInterruptionEnded
                case .audioOutputLost: self = .audioOutputLost
                case .outputVolume: self = .outputVolume
                case .clickThroughOpened: self = .clickThroughOpened
                case .clickThroughClosed: self = .clickThroughClosed
                case .closedCaptioningEnabled: self = .closedCaptioningEnabled
                }
            }
        }
    }
}

/// The end reached while the session holds the video: a run unseen fails, a hold in the last
/// instant (nothing played unseen, the rest within the drift tolerance) completes.
@Suite("Linear playback session: the end reached while held")
struct LinearPlaybackEndWhileHeldTests {
    /// A session playing at `position` of its 15 s, then sent to the background.
    func heldInBackground(at position: TimeInterval) -> LinearPlaybackSession {
        var session = LinearPlaybackSession(configuration: LinearPlaybackSessionTableTests.configuration)
        for input: LinearPlaybackInput in [
            .start(outputVolume: 1, appPublishesNowPlayingInfo: false), .firstFrameRendered, .position(position), .signal(.applicationActive(false)),
        ] {
            _ = session.handle(input, now: .zero)
        }
        return session
    }

    @Test("held in the last instant: the end completes the ad",
          arguments: [15 - LinearPlaybackSession.heldDriftTolerance, 14.9, 15])
    func heldInItsLastInstantCompletes(position: TimeInterval) {
        var session = heldInBackground(at: position)
        let actions = session.handle(.reachedEnd, now: .zero)
        #expect(actions.contains(.report(.complete)), "\(actions)")
        #expect(session.phase == .endCard)
    }

    @Test("held with more than the drift left: the end is a run unseen, VAST 405", arguments: [2, 14.4])
    func heldEarlierFails(position: TimeInterval) {
        var session = heldInBackground(at: position)
        let actions = session.handle(.reachedEnd, now: .zero)
        #expect(!actions.contains(.report(.complete)))
        #expect(actions.contains(.report(CreativeFailure.playbackFailedOnScreen.event)))
        #expect(session.phase == .over)
    }

    @Test("held, with progress reported unseen meanwhile: the end is no complete, however close")
    func playedUnseenFails() {
        var session = heldInBackground(at: 10)
        _ = session.handle(.position(14.9), now: .zero)   // the player ran on while held
        let actions = session.handle(.reachedEnd, now: .zero)
        #expect(!actions.contains(.report(.complete)))
        #expect(session.phase == .over)
    }
}
