import Foundation
import Testing
import KontextVideoVAST
import KontextVideoPresentation
@testable import KontextVideoCreatives

/// The system's remote commands (`MPRemoteCommandCenter`'s play, pause and toggle) and the app's
/// Now Playing info, in every state of the session's table (`LinearPlaybackSessionTableTests`),
/// each state reached in an app that published Now Playing info as the ad started and in one that
/// did not: the ad takes the commands only in the first, from its start to its video's end; the
/// remote inputs change nothing while it does not hold them; the TV remote's own Play/Pause button
/// is a press on the ad's screen and always heard.
@Suite("Linear playback session: the system's remote commands")
struct LinearPlaybackRemoteCommandsTests {
    typealias Table = LinearPlaybackSessionTableTests
    typealias State = Table.State

    /// Both apps: one that publishes Now Playing info as the ad starts, one that does not.
    static let publishing = [true, false]

    /// Whether the ad holds the commands in `state`: while its video is on screen (from the start
    /// to its end, Skip or a failure), when the app published Now Playing info as it started.
    static func holds(_ state: State, appPublishesNowPlayingInfo: Bool) -> Bool {
        appPublishesNowPlayingInfo && State.video.contains(state)
    }

    /// Whether `event` is a moment that ends the video: the commands go before it is reported.
    static func endsVideo(_ event: CreativeEvent) -> Bool {
        switch event {
        case .complete, .skip, .failed: true
        default: false
        }
    }

    @Test("held from the start to the video's end, only where the app publishes Now Playing info",
          arguments: State.allCases, publishing)
    func heldInEachState(_ state: State, appPublishesNowPlayingInfo: Bool) {
        let (session, actions, _) = state.session(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
        let holds = Self.holds(state, appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
        #expect(session.holdsRemoteCommands == holds)
        let started = appPublishesNowPlayingInfo && state != .loaded
        #expect(actions.filter { $0 == .takeRemoteCommands }.count == (started ? 1 : 0), "taken once, at the start")
        #expect(actions.filter { $0 == .releaseRemoteCommands }.count == (started && !holds ? 1 : 0), "released once, as the video ended")
    }

    /// The row set of an app that publishes no Now Playing info: the system's remote commands are
    /// the app's, so they change nothing in any state; the TV remote's Play/Pause button does what
    /// it does in the table. (In an app that publishes it, the table's own rows hold.)
    static let rowsWithoutNowPlayingInfo: [Table.Row] = [
        Table.Row(input: .remotePlay, effects: [:]),
        Table.Row(input: .remotePause, effects: [:]),
        Table.Row(input: .remoteTogglePlayPause, effects: [:]),
        Table.Row(input: .playPausePressed, effects: Table.playPause),
    ]

    @Test("without Now Playing info: the remote commands in every state", arguments: rowsWithoutNowPlayingInfo.indices)
    @MainActor
    func withoutNowPlayingInfo(_ index: Int) async {
        await Table.check(Self.rowsWithoutNowPlayingInfo[index], appPublishesNowPlayingInfo: false)
    }

    @Test("without Now Playing info: a remote command gives no action at all, in every state", arguments: State.allCases)
    func remoteCommandsAreTheAppsAlone(_ state: State) {
        for input: LinearPlaybackInput in [.remotePlay, .remotePause, .remoteTogglePlayPause] {
            var (session, _, now) = state.session(appPublishesNowPlayingInfo: false)
            let before = session
            #expect(session.handle(input, now: now).isEmpty, "\(input) in \(state)")
            #expect(session == before, "\(input) in \(state): the session is unchanged")
        }
    }

    /// Every input of the table, and a start in an app that publishes no Now Playing info.
    static let inputs: [(input: LinearPlaybackInput, after: Duration)] =
        Table.rows.map { ($0.input, $0.after) } + [(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), .zero)]

    @Test("every input in every state: taken only by the start, released only as the video ends, before its moment",
          arguments: State.allCases, publishing)
    func takenAndReleased(_ state: State, appPublishesNowPlayingInfo: Bool) {
        for (input, after) in Self.inputs {
            var (session, _, reached) = state.session(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
            let phaseBefore = session.phase, heldBefore = session.holdsRemoteCommands
            let actions = session.handle(input, now: reached + after)
            let context = "\(input) in \(state), Now Playing info \(appPublishesNowPlayingInfo)"
            // The app's Now Playing info as the ad started: the state's, or the start's own.
            var published = appPublishesNowPlayingInfo
            if case .start(_, let value) = input, phaseBefore == .loaded { published = value }
            let takes = actions.filter { $0 == .takeRemoteCommands }.count
            let releases = actions.filter { $0 == .releaseRemoteCommands }.count
            #expect(takes == (phaseBefore == .loaded && session.phase == .video && published ? 1 : 0), "\(context): take")
            #expect(releases == (heldBefore && session.phase != .video ? 1 : 0), "\(context): release")
            #expect(session.holdsRemoteCommands == (session.phase == .video && published), "\(context): held after")
            if let release = actions.firstIndex(of: .releaseRemoteCommands) {
                let ending = actions.firstIndex { if case .report(let event) = $0 { Self.endsVideo(event) } else { false } }
                #expect(ending.map { release < $0 } ?? true, "\(context): released before the moment that ends the video")
            }
        }
    }

    @Test("the ad taken down: the commands it holds go back to the app, once", arguments: State.allCases, publishing)
    func stop(_ state: State, appPublishesNowPlayingInfo: Bool) {
        var (session, _, _) = state.session(appPublishesNowPlayingInfo: appPublishesNowPlayingInfo)
        let held = session.holdsRemoteCommands
        #expect(session.stop() == (held ? [.releaseRemoteCommands] : []))
        #expect(!session.holdsRemoteCommands)
        #expect(session.stop().isEmpty, "never twice")
    }
}
