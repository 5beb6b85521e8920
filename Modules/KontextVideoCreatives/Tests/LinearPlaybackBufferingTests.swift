import Foundation
import Testing
import KontextVideoVAST
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// Buffering over time: the spans `LinearPlaybackSession` reports as the player waits for media
/// and plays again, what a pause does to one, and how buffering counts toward the stall, on a
/// `TestClock`. (Each input in each state is in `LinearPlaybackSessionTableTests`.)
@Suite("Linear playback: buffering")
@MainActor
struct LinearPlaybackBufferingTests {
    static let configuration = LinearPlaybackSession.Configuration(
        skip: SkipControlRule(resolvedOffset: 5, offsetSpec: .seconds(5)), declaredDuration: 30, hasEndCard: false)

    /// A playback started, its first frame up and at `position` 1, with what it reported from then on.
    func rig() -> (clock: TestClock, playback: LinearPlayback, events: () -> [CreativeEvent]) {
        let clock = TestClock()
        let surface = LinearPlaybackTests.RecordingSurface()
        let playback = LinearPlayback(configuration: Self.configuration, clock: clock, surface: surface)
        var events: [CreativeEvent] = []
        playback.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false))
        playback.handle(.firstFrameRendered)
        playback.handle(.position(1))
        playback.onEvent = { events.append($0) }
        return (clock, playback, { events })
    }

    @Test("the player's word repeated is one span: bufferStart once, bufferFinish once")
    func oneSpan() {
        let (_, playback, events) = rig()
        playback.handle(.buffering(true))
        playback.handle(.buffering(true))
        playback.handle(.position(1.005))
        playback.handle(.buffering(false))
        playback.handle(.buffering(false))
        #expect(events() == [.bufferStart, .bufferFinish])
    }

    @Test("a pause ends the span; the player's word while paused is dropped; buffering again after the resume is a new span")
    func pauseWhileBuffering() {
        let (_, playback, events) = rig()
        playback.handle(.buffering(true))
        playback.handle(.signal(.applicationActive(false)))
        playback.handle(.buffering(true))
        playback.handle(.signal(.applicationActive(true)))
        #expect(events() == [.bufferStart, .bufferFinish, .pause, .resumePlayback], "nothing buffers until the player says so again")
        playback.handle(.buffering(true))
        playback.handle(.buffering(false))
        #expect(events() == [.bufferStart, .bufferFinish, .pause, .resumePlayback, .bufferStart, .bufferFinish])
    }

    @Test("Skip while buffering: bufferFinish, then skip")
    func skipWhileBuffering() {
        let (_, playback, events) = rig()
        playback.handle(.position(6))
        playback.handle(.buffering(true))
        playback.handle(.skipPressed)
        playback.handle(.buffering(false))
        #expect(events() == [.progress(6), .bufferStart, .bufferFinish, .skip])
    }

    @Test("buffering for the stall limit fails the video with 405, the span finished first")
    func bufferingStalls() async {
        let (clock, playback, events) = rig()
        playback.handle(.buffering(true))
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(7_999))
        #expect(events() == [.bufferStart], "not before the limit")
        await clock.advance(by: .milliseconds(1))
        #expect(events() == [.bufferStart, .bufferFinish, .failed(code: .mediaDisplay)])
    }

    @Test("recovering from buffering does not restart the stall clock; movement does")
    func recoveryIsNotMovement() async {
        let (clock, playback, events) = rig()
        await clock.waitForSleepers()
        playback.handle(.buffering(true))
        await clock.advance(by: .seconds(7))
        playback.handle(.buffering(false))
        await clock.advance(by: .seconds(1))
        #expect(events() == [.bufferStart, .bufferFinish, .failed(code: .mediaDisplay)], "8 s without movement, 7 of them buffering")
    }

    @Test("a video that buffers briefly and moves on never stalls")
    func briefBuffering() async {
        let (clock, playback, events) = rig()
        await clock.waitForSleepers()
        for second in 2...20 {
            if second.isMultiple(of: 3) { playback.handle(.buffering(true)) }
            await clock.advance(by: .seconds(1))
            if second.isMultiple(of: 3) { playback.handle(.buffering(false)) }
            playback.handle(.position(Double(second)))
        }
        #expect(!events().contains(.failed(code: .mediaDisplay)))
        #expect(events().filter { $0 == .bufferStart }.count == 6)
        #expect(events().filter { $0 == .bufferFinish }.count == 6)
    }
}
