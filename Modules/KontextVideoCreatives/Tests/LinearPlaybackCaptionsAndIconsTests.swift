import Foundation
import Testing
import KontextVideoVAST
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// The caption and the icons a linear ad shows, in every state of the session's table, on the
/// ad's playing time: from the first frame to the video's end, frozen while the video is held,
/// cleared at its end; captions when the system's closed-captioning setting is on or the ad plays
/// muted; each icon's view reported once, once the surface drew it; a tap on an icon an icon
/// click, never an ad click.
@Suite("Linear playback session: captions and icons")
struct LinearPlaybackCaptionsAndIconsTests {
    typealias State = LinearPlaybackSessionTableTests.State

    static let captions = WebVTTDocument(cues: [
        WebVTTCue(start: 0, end: 3, text: "A"), WebVTTCue(start: 3, end: 7, text: "B"), WebVTTCue(start: 7, end: 15, text: "C"),
    ])

    /// The table's ad (15 s, Skip at 5 s, an end card) with captions and two icons: one for the
    /// whole ad, one from 5 s for 5 s.
    static func configuration(opensClickTargets: Bool = true) -> LinearPlaybackSession.Configuration {
        var configuration = LinearPlaybackSessionTableTests.configuration
        configuration.captions = captions
        configuration.iconSchedules = [0...Double.infinity, 5...10]
        configuration.opensClickTargets = opensClickTargets
        return configuration
    }

    /// A session in `state`, the closed-captioning setting as given before anything else, and
    /// every action it returned on the way; its surface draws every icon it is asked for
    /// (`drawsIcons`), or none.
    static func session(
        in state: State, closedCaptions: Bool, opensClickTargets: Bool = true, drawsIcons: Bool = true
    ) -> (LinearPlaybackSession, [LinearPlaybackAction], Duration) {
        var session = LinearPlaybackSession(configuration: configuration(opensClickTargets: opensClickTargets))
        var actions = session.handle(.signal(.closedCaptioningEnabled(closedCaptions)), now: .zero)
        var now = Duration.zero
        for step in state.steps {
            switch step {
            case .input(let input): actions += session.handle(input, now: now, drawingIcons: drawsIcons)
            case .wait(let time): now += time
            }
        }
        return (session, actions, now)
    }

    /// The icons whose view `actions` report, in order.
    static func reportedIcons(_ actions: [LinearPlaybackAction]) -> [Int] {
        actions.compactMap { if case .report(.iconShown(let index)) = $0 { index } else { nil } }
    }

    /// What shows in each state: before the first frame and after the video, nothing; at 2 s
    /// (every paused state was paused there) "A" and the first icon; at 6 s "B" and both.
    static func expected(_ state: State) -> (caption: String?, icons: [Int]) {
        switch state {
        case .loaded, .started, .startedInBackground, .startedBuffering, .startedExternal, .endCard, .over: (nil, [])
        case .skippable: ("B", [0, 1])
        case .playing, .muted, .buffering, .background, .interrupted, .interruptionOutlasted, .awaitingViewer, .viewerPaused,
             .playerPaused, .sheetOpen, .browserOpen: ("A", [0])
        }
    }

    @Test("with closed captions on: the caption and icons of each state", arguments: State.allCases)
    func closedCaptionsOn(_ state: State) {
        let (session, actions, _) = Self.session(in: state, closedCaptions: true)
        let expected = Self.expected(state)
        #expect(session.caption == expected.caption)
        #expect(session.visibleIcons == expected.icons)
        // What the surface was told last is what the session holds.
        let lastCaption = actions.last { if case .showCaption = $0 { true } else { false } }
        #expect(lastCaption.map { if case .showCaption(let text) = $0 { text } else { "?" } } ?? nil == expected.caption)
        // Each icon shown was reported once, and only icons that showed.
        let reported = actions.compactMap { if case .report(.iconShown(let index)) = $0 { index } else { nil } }
        #expect(reported == Array(Set(reported)).sorted(), "each icon once, in order")
        #expect(Set(reported).isSuperset(of: expected.icons))
    }

    @Test("with closed captions off: a caption only while muted", arguments: State.allCases)
    func closedCaptionsOff(_ state: State) {
        let (session, _, _) = Self.session(in: state, closedCaptions: false)
        #expect(session.caption == (state == .muted ? Self.expected(state).caption : nil))
        #expect(session.visibleIcons == Self.expected(state).icons, "icons do not depend on captions")
    }

    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let state: State
        let inputs: [LinearPlaybackInput]
        let caption: String?
        var icons: [Int]?
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "playing on: the next cue", state: .playing, inputs: [.position(3.5)], caption: "B"),
        Row(name: "past the second icon's start: it shows", state: .playing, inputs: [.position(5.5)], caption: "B", icons: [0, 1]),
        Row(name: "past its end: it goes", state: .skippable, inputs: [.position(10.5)], caption: "C", icons: [0]),
        Row(name: "held in the background, the player drifts on: frozen", state: .background, inputs: [.position(5)], caption: "A", icons: [0]),
        Row(name: "a click-through open, the player runs on: frozen", state: .browserOpen, inputs: [.position(9)], caption: "A", icons: [0]),
        Row(name: "buffering: the player reports the same time, frozen", state: .buffering, inputs: [.position(2), .stallCheckDue], caption: "A"),
        Row(name: "paused and resumed: on from where it was", state: .viewerPaused, inputs: [.resumePressed, .position(3.2)], caption: "B"),
        Row(name: "held time does not count: 5 s unseen, 2 s of ad at 9 s", state: .background,
            inputs: [.position(7), .signal(.applicationActive(true)), .position(9.1)], caption: "B"),
        Row(name: "closed captions turned off: cleared", state: .playing, inputs: [.signal(.closedCaptioningEnabled(false))], caption: nil),
        Row(name: "the end: cleared, icons gone", state: .skippable, inputs: [.reachedEnd], caption: nil, icons: []),
        Row(name: "Skip: cleared, icons gone", state: .skippable, inputs: [.skipPressed], caption: nil, icons: []),
        Row(name: "a failure: cleared", state: .playing, inputs: [.playbackFailed], caption: nil, icons: []),
    ]

    @Test("what an input does to the caption and icons", arguments: rows)
    func row(_ row: Row) {
        var (session, _, now) = Self.session(in: row.state, closedCaptions: true)
        for input in row.inputs { _ = session.handle(input, now: now + .seconds(1), drawingIcons: true) }
        now += .seconds(1)
        #expect(session.caption == row.caption)
        if let icons = row.icons { #expect(session.visibleIcons == icons) }
    }

    @Test("muted without closed captions: captions follow the volume")
    func mutedFollowsVolume() {
        var (session, _, _) = Self.session(in: .playing, closedCaptions: false)
        #expect(session.caption == nil)
        #expect(session.handle(.signal(.outputVolume(0)), now: .zero).contains(.showCaption("A")))
        #expect(session.handle(.signal(.outputVolume(0.5)), now: .zero).contains(.showCaption(nil)))
    }

    @Test("each icon's view is reported once over the whole ad, pauses and resumes included")
    func iconViewOnce() {
        var session = LinearPlaybackSession(configuration: Self.configuration())
        var actions: [LinearPlaybackAction] = []
        let inputs: [LinearPlaybackInput] = [
            .start(outputVolume: 1, appPublishesNowPlayingInfo: false), .firstFrameRendered, .position(2), .playPausePressed, .playPausePressed, .position(5.5),
            .signal(.applicationActive(false)), .signal(.applicationActive(true)), .position(8), .position(11), .position(14.9), .reachedEnd,
        ]
        for input in inputs { actions += session.handle(input, now: .zero, drawingIcons: true) }
        #expect(Self.reportedIcons(actions) == [0, 1])
    }

    struct DrawRow: CustomStringConvertible, Sendable {
        let name: String
        /// After playing to 2 s (icon 0 shown, icon 1 from 5 s), with a surface that answered
        /// nothing yet: what the surface and the player say next.
        let inputs: [LinearPlaybackInput]
        /// The icons whose view is reported, in order.
        let reported: [Int]
        var description: String { name }
    }

    static let drawRows: [DrawRow] = [
        DrawRow(name: "shown, never drawn (no room clear of Skip, an image that did not decode): never seen", inputs: [], reported: []),
        DrawRow(name: "shown, the surface drew none: never seen", inputs: [.iconsDrawn([]), .position(3)], reported: []),
        DrawRow(name: "drawn: seen", inputs: [.iconsDrawn([0])], reported: [0]),
        DrawRow(name: "drawn at each layout: seen once", inputs: [.iconsDrawn([0]), .position(3), .iconsDrawn([0])], reported: [0]),
        DrawRow(name: "drawn, undrawn (a smaller screen), drawn again: seen once", inputs: [.iconsDrawn([0]), .iconsDrawn([]), .iconsDrawn([0])], reported: [0]),
        DrawRow(name: "drawn only later (turned to landscape): seen then", inputs: [.iconsDrawn([]), .position(3), .iconsDrawn([0])], reported: [0]),
        DrawRow(name: "a drawn set naming an icon not shown yet: it counts only once drawn while shown",
                inputs: [.iconsDrawn([0, 1]), .position(5.5)], reported: [0]),
        DrawRow(name: "the second icon drawn once it shows: seen", inputs: [.iconsDrawn([0]), .position(5.5), .iconsDrawn([0, 1])], reported: [0, 1]),
        DrawRow(name: "the second icon shown and gone, never drawn: never seen",
                inputs: [.iconsDrawn([0]), .position(5.5), .iconsDrawn([0]), .position(10.5), .iconsDrawn([0, 1]), .reachedEnd], reported: [0]),
        DrawRow(name: "hidden by its schedule, the surface's stale word: not seen",
                inputs: [.position(5.5), .position(10.5), .iconsDrawn([0, 1])], reported: [0]),
        DrawRow(name: "drawn after the video failed: nothing", inputs: [.playbackFailed, .iconsDrawn([0])], reported: []),
    ]

    @Test("an icon's view counts once, and only once the surface drew it", arguments: drawRows)
    func drawnIcons(_ row: DrawRow) {
        let (reached, earlier, now) = Self.session(in: .playing, closedCaptions: false, drawsIcons: false)
        var session = reached, actions = earlier
        #expect(session.visibleIcons == [0], "shown by its schedule")
        for input in row.inputs { actions += session.handle(input, now: now) }
        #expect(Self.reportedIcons(actions) == row.reported)
    }

    @Test("an icon shown but not drawn takes no tap (its button is hidden on a device)")
    func undrawnIconTap() {
        let (reached, _, now) = Self.session(in: .playing, closedCaptions: false, drawsIcons: false)
        var session = reached
        #expect(session.handle(.iconTapped(0), now: now) == [])
        _ = session.handle(.iconsDrawn([0]), now: now)
        #expect(session.handle(.iconTapped(0), now: now) == [.report(.iconClick(0))])
        _ = session.handle(.iconsDrawn([]), now: now)
        #expect(session.handle(.iconTapped(0), now: now) == [], "undrawn again")
    }

    @Test("a tap on a shown icon is an icon click; on a hidden one nothing; never an ad click")
    func iconTaps() {
        var (session, _, now) = Self.session(in: .playing, closedCaptions: false)
        #expect(session.handle(.iconTapped(0), now: now) == [.report(.iconClick(0))])
        #expect(session.handle(.iconTapped(1), now: now) == [], "not shown yet")
        #expect(session.handle(.iconTapped(7), now: now) == [], "no such icon")
        (session, _, now) = Self.session(in: .endCard, closedCaptions: false)
        #expect(session.handle(.iconTapped(0), now: now) == [], "the end card has no icons")
    }

    @Test("where the click-through cannot open (tvOS), a tap shows the fallback image and still counts")
    func iconFallback() {
        var (session, _, now) = Self.session(in: .playing, closedCaptions: false, opensClickTargets: false)
        #expect(session.handle(.iconTapped(0), now: now) == [.showIconFallback(0), .report(.iconClick(0))])
    }

    @Test("the surface is told what to show, and cleared before the end is reported")
    @MainActor
    func surface() {
        let surface = LinearPlaybackTests.RecordingSurface()
        let playback = LinearPlayback(configuration: Self.configuration(opensClickTargets: false), clock: TestClock(), surface: surface)
        // A surface that draws every icon it is asked for, answering as it lays them out.
        surface.onShowIcons = { [weak playback] indices in playback?.handle(.iconsDrawn(Set(indices))) }
        var reported: [Int] = []
        var shownAtTheEnd: [[Int]] = []
        playback.onEvent = { event in
            if event == .complete { shownAtTheEnd.append(surface.icons.last ?? [9]) }
            if case .iconShown(let index) = event { reported.append(index) }
        }
        for input: LinearPlaybackInput in [
            .signal(.closedCaptioningEnabled(true)), .start(outputVolume: 1, appPublishesNowPlayingInfo: false), .firstFrameRendered, .position(5.5), .iconTapped(1), .reachedEnd,
        ] {
            playback.handle(input)
        }
        #expect(surface.captions == ["A", "B", nil])
        #expect(surface.icons == [[0], [0, 1], []])
        #expect(surface.fallbacks == [1])
        #expect(reported == [0, 1], "each icon seen as the surface answered it drew it")
        #expect(shownAtTheEnd == [[]], "the icons were gone when complete was reported")
    }
}

extension LinearPlaybackSession {
    /// Takes `input`; when it asked the surface for icons and `drawingIcons`, also what a surface
    /// that draws every icon it is asked for answers (`iconsDrawn`).
    mutating func handle(_ input: LinearPlaybackInput, now: Duration, drawingIcons: Bool) -> [LinearPlaybackAction] {
        var actions = handle(input, now: now)
        let asked = actions.last { if case .showIcons = $0 { true } else { false } }
        if drawingIcons, case .showIcons(let indices)? = asked {
            actions += handle(.iconsDrawn(Set(indices)), now: now)
        }
        return actions
    }
}
