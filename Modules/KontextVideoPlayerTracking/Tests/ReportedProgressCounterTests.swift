import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling

@Suite("ReportedProgressCounter")
struct ReportedProgressCounterTests {
    /// One observation: the playhead, the clock second, whether it is the player's seek event, and
    /// the state reported from then on (`nil`: unchanged).
    struct Observation: Sendable {
        let currentTime: TimeInterval
        let at: Double
        var jumped = false
        var state: PlaybackState?
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let initial: PlaybackState
        let observations: [Observation]
        let expected: TimeInterval
        var testDescription: String { name }
    }

    static let playing = PlaybackState(.playing)

    static let cases: [Case] = [
        Case(name: "the first observation only sets the baseline", initial: playing,
             observations: [.init(currentTime: 42, at: 3)], expected: 0),
        Case(name: "playing counts the playhead's move", initial: playing,
             observations: [.init(currentTime: 10, at: 0), .init(currentTime: 15, at: 5)], expected: 5),
        Case(name: "a playhead behind the reported speed counts what it moved", initial: playing,
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 4, at: 5)], expected: 4),
        Case(name: "8x play counts at a reported rate of 8", initial: PlaybackState(.playing, rate: 8),
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 16, at: 2)], expected: 16),
        Case(name: "a seek event counts the play before it, not the jump", initial: playing,
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 300, at: 4, jumped: true),
                            .init(currentTime: 302, at: 6)], expected: 6),
        Case(name: "a small forward seek counts nothing", initial: playing,
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 2.5, at: 2, jumped: true)], expected: 2),
        Case(name: "a seek back counts the play before it", initial: playing,
             observations: [.init(currentTime: 30, at: 0), .init(currentTime: 5, at: 3, jumped: true),
                            .init(currentTime: 6, at: 4)], expected: 4),
        Case(name: "a jump without its event counts no more than playing plus the allowance", initial: playing,
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 60, at: 1)], expected: 1.1),
        Case(name: "a backward move without an event counts nothing", initial: playing,
             observations: [.init(currentTime: 30, at: 0), .init(currentTime: 10, at: 1)], expected: 0),
        Case(name: "nothing counts while paused", initial: PlaybackState(.paused, rate: 0),
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 5, at: 5)], expected: 0),
        Case(name: "nothing counts while waiting, even with a jump", initial: PlaybackState(.waiting),
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 5, at: 5, jumped: true)], expected: 0),
        Case(name: "a state holds from its observation on", initial: PlaybackState(.waiting),
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 0, at: 3, state: playing),
                            .init(currentTime: 2, at: 5, state: PlaybackState(.waiting)), .init(currentTime: 2, at: 9)],
             expected: 2),
        Case(name: "a non-finite playhead counts nothing, a seek event after it counts the play", initial: playing,
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: .nan, at: 1), .init(currentTime: 7, at: 2),
                            .init(currentTime: 9, at: 3, jumped: true)], expected: 1),
        Case(name: "a rate that is no number plays nothing", initial: PlaybackState(.playing, rate: .nan),
             observations: [.init(currentTime: 0, at: 0), .init(currentTime: 1, at: 1)], expected: 0),
    ]

    @Test(arguments: cases)
    func counts(_ testCase: Case) {
        var counter = ReportedProgressCounter(state: testCase.initial)
        var sum: TimeInterval = 0
        for observation in testCase.observations {
            sum += counter.observe(currentTime: observation.currentTime, at: .timeInterval(observation.at),
                                   jumped: observation.jumped, state: observation.state)
        }
        #expect(abs(counter.counted - testCase.expected) < 1e-9)
        #expect(abs(sum - counter.counted) < 1e-9)
    }

    @Test func projectsAndEstimatesFromTheLastObservation() {
        var counter = ReportedProgressCounter(state: PlaybackState(.playing, rate: 2))
        #expect(counter.clockTime(reaching: 10) == nil)  // nothing observed yet
        counter.observe(currentTime: 0, at: .seconds(1))
        counter.observe(currentTime: 4, at: .seconds(3))
        #expect(counter.counted == 4)
        #expect(counter.clockTime(reaching: 10) == .seconds(6))
        #expect(counter.clockTime(reaching: 3) == .seconds(3))  // already reached: now
        counter.update(state: PlaybackState(.waiting, rate: 2))
        #expect(counter.clockTime(reaching: 10) == nil)
    }

    @Test func resetBaselineMakesTheNextObservationCountNothing() {
        var counter = ReportedProgressCounter(state: PlaybackState(.playing))
        counter.observe(currentTime: 0, at: .zero)
        counter.observe(currentTime: 2, at: .seconds(2))
        counter.resetBaseline()
        #expect(counter.clockTime(reaching: 10) == nil, "no baseline: nothing projected until the next observation")
        #expect(counter.observe(currentTime: 80, at: .seconds(50), jumped: true) == 0)
        #expect(counter.observe(currentTime: 81, at: .seconds(51)) == 1)
        #expect(counter.counted == 3)
    }
}
