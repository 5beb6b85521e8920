import Foundation
import Testing
import KontextVideoVAST
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// `LinearPlayback` drives a session on the injected clock: its one timer (the stall check),
/// inputs that arrive while it applies actions, and silence after `stop()`.
@Suite("Linear playback on the clock")
@MainActor
struct LinearPlaybackTests {
    /// A surface that records what it was told.
    final class RecordingSurface: LinearPlaybackSurface {
        var commands: [String] = []
        var controls = LinearAdControls.none
        var announcements: [String] = []
        /// Runs when the surface is told to play (a player reporting its first frame at once).
        var onPlay: (() -> Void)?

        func play() {
            commands.append("play")
            onPlay?()
        }
        func pause() { commands.append("pause") }
        func show(_ controls: LinearAdControls) { self.controls = controls }
        func showEndCard() { commands.append("endCard") }
        func announce(_ announcement: String) { announcements.append(announcement) }
        var captions: [String?] = []
        var icons: [[Int]] = []
        var fallbacks: [Int] = []
        func showCaption(_ caption: String?) { captions.append(caption) }
        /// Runs when the surface is told which icons to show (a surface answering what it drew).
        var onShowIcons: (([Int]) -> Void)?
        func showIcons(_ indices: [Int]) {
            icons.append(indices)
            onShowIcons?(indices)
        }
        func showIconFallback(_ index: Int) { fallbacks.append(index) }
        func takeRemoteCommands() { commands.append("takeRemoteCommands") }
        func releaseRemoteCommands() { commands.append("releaseRemoteCommands") }
    }

    static let configuration = LinearPlaybackSession.Configuration(
        skip: SkipControlRule(resolvedOffset: 5, offsetSpec: .seconds(5)), declaredDuration: 30, hasEndCard: false)

    /// A playback on a fresh clock and surface, with what it reported; `rendering` starts it and
    /// renders its first frame.
    func rig(rendering: Bool = true) -> (clock: TestClock, surface: RecordingSurface, playback: LinearPlayback, events: () -> [CreativeEvent]) {
        let clock = TestClock()
        let surface = RecordingSurface()
        let playback = LinearPlayback(configuration: Self.configuration, clock: clock, surface: surface)
        var events: [CreativeEvent] = []
        playback.onEvent = { events.append($0) }
        if rendering {
            playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false))
            playback.handle(.firstFrameRendered)
        }
        return (clock, surface, playback, { events })
    }

    @Test("a video that moves never stalls; the check wakes the clock once per limit, not per frame")
    func moving() async {
        let (clock, _, playback, events) = rig()
        await clock.waitForSleepers()
        var wakeUps = 0
        for step in 1...80 {
            if clock.nextDeadline == clock.now + .milliseconds(250) { wakeUps += 1 }
            await clock.advance(by: .milliseconds(250))
            playback.handle(.position(Double(step) * 0.25))
        }
        #expect(!events().contains(.failed(code: .mediaDisplay)))
        #expect(clock.sleeperCount == 1, "one stall check armed")
        #expect(wakeUps == 2, "20 s of playback: the check fired at 8 s and 15.75 s, not 80 times")
    }

    @Test("standing still for the limit while it should play fails once with 405")
    func stalls() async {
        let (clock, surface, playback, events) = rig()
        playback.handle(.position(3))
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(7_999))
        #expect(!events().contains(.failed(code: .mediaDisplay)), "not before the limit")
        await clock.advance(by: .milliseconds(1))
        #expect(events().filter { $0 == .failed(code: .mediaDisplay) }.count == 1)
        #expect(surface.commands.last == "pause")
        #expect(clock.sleeperCount == 0, "no timer left")
        await clock.advance(by: .seconds(60))
        #expect(events().filter { $0 == .failed(code: .mediaDisplay) }.count == 1, "never twice")
    }

    @Test("time held still on purpose does not count: paused in the background for a minute, no stall")
    func heldStill() async {
        let (clock, _, playback, events) = rig()
        playback.handle(.position(1))
        await clock.advance(by: .seconds(5))
        playback.handle(.signal(.applicationActive(false)))
        #expect(clock.sleeperCount == 0, "no stall check while paused")
        await clock.advance(by: .seconds(60))
        playback.handle(.signal(.applicationActive(true)))
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(7))
        #expect(!events().contains(.failed(code: .mediaDisplay)), "the window starts again when it plays again")
        await clock.advance(by: .seconds(1))
        #expect(events().contains(.failed(code: .mediaDisplay)), "and still runs")
        #expect(events().filter { $0 == .pause }.count == 1)
        #expect(events().filter { $0 == .resumePlayback }.count == 1)
    }

    @Test("an input a surface reports while it applies an action waits its turn")
    func reentrantInput() {
        let (_, surface, playback, events) = rig(rendering: false)
        surface.onPlay = { playback.handle(.firstFrameRendered) }
        playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false))
        #expect(events() == [.firstFrame])
        #expect(surface.controls.skip == .countdown(seconds: 5), "the controls of the start were applied too")
    }

    @Test("Skip is announced to VoiceOver once, in the table's words")
    func announcement() {
        let (_, surface, playback, _) = rig()
        for position in [4.0, 5.0, 6.0, 7.0] { playback.handle(.position(position)) }
        #expect(surface.announcements == [AdControlTexts.standard.skipAvailableAnnouncement])
    }

    @Test("the remote commands: taken at the start where the app publishes Now Playing info, released at stop()")
    func remoteCommandsReleasedAtStop() {
        let (_, surface, playback, _) = rig(rendering: false)
        playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: true))
        playback.handle(.firstFrameRendered)
        #expect(surface.commands == ["takeRemoteCommands", "play"])
        playback.stop()
        playback.stop()
        #expect(surface.commands == ["takeRemoteCommands", "play", "releaseRemoteCommands"], "released once")
    }

    @Test("the remote commands: released before the moment that ends the video, when the SDK takes the ad down on it")
    func remoteCommandsReleasedBeforeTheEndingMoment() {
        let (_, surface, playback, _) = rig(rendering: false)
        playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: true))
        playback.handle(.firstFrameRendered)
        var commandsAtSkip: [String]?
        playback.onEvent = { event in
            guard event == .skip else { return }
            commandsAtSkip = surface.commands
            playback.stop()
        }
        playback.handle(.position(6))
        playback.handle(.skipPressed)
        #expect(commandsAtSkip == ["takeRemoteCommands", "play", "pause", "releaseRemoteCommands"])
        #expect(surface.commands == commandsAtSkip, "nothing after the stop, no second release")
    }

    @Test("after stop() nothing is applied or reported, and the timer is gone")
    func stop() async {
        let (clock, surface, playback, events) = rig(rendering: false)
        playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false))
        await clock.waitForSleepers()
        playback.stop()
        playback.handle(.firstFrameRendered)
        playback.handle(.signal(.applicationActive(false)))
        await clock.advance(by: .seconds(30))
        #expect(events().isEmpty)
        #expect(surface.commands == ["play"])
        #expect(clock.sleeperCount == 0)
    }
}
