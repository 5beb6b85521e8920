import Foundation
import Testing
import KontextVideoTestSupport
@testable import KontextVideoCreatives

@Suite("Playback stall detection")
struct PlaybackStallDetectorTests {
    @Test("a video that keeps moving never stalls, and each move is reported")
    func moving() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        for step in 1...40 {
            await clock.advance(by: .milliseconds(250))
            #expect(detector.observe(position: Double(step) * 0.25, shouldMove: true) == .moved(Double(step) * 0.25))
        }
    }

    @Test("standing still while it should move stalls after the limit, not before")
    func stallsAfterLimit() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        #expect(detector.observe(position: 3, shouldMove: true) == .moved(3))
        await clock.advance(by: .seconds(8))
        #expect(detector.observe(position: 3, shouldMove: true) == .still, "exactly the limit is still allowed")
        await clock.advance(by: .milliseconds(1))
        #expect(detector.observe(position: 3, shouldMove: true) == .stalled)
    }

    @Test("a frame of jitter is no movement")
    func jitter() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        #expect(detector.observe(position: 3, shouldMove: true) == .moved(3))
        await clock.advance(by: .seconds(9))
        #expect(detector.observe(position: 3.005, shouldMove: true) == .stalled)
    }

    @Test("time held still on purpose (paused, app in the background) does not count")
    func heldStill() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        #expect(detector.observe(position: 5, shouldMove: true) == .moved(5))
        await clock.advance(by: .seconds(30))
        #expect(detector.observe(position: 5, shouldMove: false) == .still)
        await clock.advance(by: .seconds(7))
        #expect(detector.observe(position: 5, shouldMove: true) == .still, "the window starts when it should move again")
        await clock.advance(by: .seconds(2))
        #expect(detector.observe(position: 5, shouldMove: true) == .stalled)
    }

    @Test("restart gives playback a full window again")
    func restart() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        await clock.advance(by: .seconds(7))
        detector.restart()
        await clock.advance(by: .seconds(7))
        #expect(detector.observe(position: 0, shouldMove: true) == .moved(0))
        await clock.advance(by: .seconds(9))
        #expect(detector.observe(position: 0, shouldMove: true) == .stalled)
    }

    @Test("a position that is not a number is ignored", arguments: [Double.nan, .infinity, -.infinity])
    func notANumber(position: Double) async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock)
        await clock.advance(by: .seconds(20))
        #expect(detector.observe(position: position, shouldMove: true) == .still)
    }

    @Test("the limit can be set")
    func customLimit() async {
        let clock = TestClock()
        var detector = PlaybackStallDetector(clock: clock, limit: .seconds(2))
        #expect(detector.observe(position: 1, shouldMove: true) == .moved(1))
        await clock.advance(by: .seconds(3))
        #expect(detector.observe(position: 1, shouldMove: true) == .stalled)
        #expect(PlaybackStallDetector.defaultLimit == .seconds(8))
    }
}
