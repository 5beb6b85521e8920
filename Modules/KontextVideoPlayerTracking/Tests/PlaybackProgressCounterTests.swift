import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling

@Suite("PlaybackProgressCounter")
struct PlaybackProgressCounterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// (currentTime, clock seconds, reported rate)
        let samples: [(TimeInterval, Double, Double?)]
        let expected: TimeInterval
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "first sample counts nothing", samples: [(42, 0, nil)], expected: 0),
        Case(name: "normal play counts every move",
             samples: [(10, 0, nil), (10.25, 0.25, nil), (10.5, 0.5, nil), (11.5, 1.5, nil)], expected: 1.5),
        Case(name: "2x speed counts", samples: [(0, 0, nil), (0.5, 0.25, nil), (1, 0.5, nil)], expected: 1),
        Case(name: "exactly 4x counts", samples: [(0, 0, nil), (1, 0.25, nil)], expected: 1),
        Case(name: "5x jump is a seek", samples: [(0, 0, nil), (1.25, 0.25, nil)], expected: 0),
        Case(name: "after a forward seek, counting goes on from the new point",
             samples: [(0, 0, nil), (0.25, 0.25, nil), (60, 0.5, nil), (60.25, 0.75, nil)], expected: 0.5),
        Case(name: "backwards seek counts nothing, then counts from there",
             samples: [(30, 0, nil), (30.25, 0.25, nil), (5, 0.5, nil), (5.25, 0.75, nil)], expected: 0.5),
        Case(name: "stall then small jump counts (baseline kept during the stall)",
             samples: [(10, 0, nil), (10, 1, nil), (10, 2, nil), (10, 3, nil), (15, 3.25, nil)], expected: 5),
        Case(name: "stall then a big jump is still a seek",
             samples: [(10, 0, nil), (10, 1, nil), (30, 1.25, nil)], expected: 0),
        Case(name: "two samples at the same clock time never count a move",
             samples: [(0, 1, nil), (0.1, 1, nil)], expected: 0),
        Case(name: "non-finite sample is ignored and clears the baseline",
             samples: [(0, 0, nil), (.nan, 0.25, nil), (0.5, 0.5, nil), (0.75, 0.75, nil)], expected: 0.25),
        Case(name: "3x move counts without a reported rate",
             samples: [(0, 0, nil), (0.75, 0.25, nil)], expected: 0.75),
        Case(name: "3x move is a seek for a player reporting rate 1",
             samples: [(0, 0, 1), (0.75, 0.25, 1)], expected: 0),
        Case(name: "reported rate 2 lets 2x play count",
             samples: [(0, 0, 2), (0.5, 0.25, 2), (1, 0.5, 2)], expected: 1),
        Case(name: "reported rate 8 lets 8x play count",
             samples: [(0, 0, 8), (2, 0.25, 8)], expected: 2),
        Case(name: "a zero reported rate falls back to the 4x rule",
             samples: [(0, 0, 0), (0.75, 0.25, 0)], expected: 0.75),
    ]

    @Test(arguments: cases)
    func counts(_ testCase: Case) {
        var counter = PlaybackProgressCounter()
        var sum: TimeInterval = 0
        for (time, seconds, rate) in testCase.samples {
            sum += counter.sample(currentTime: time, at: .timeInterval(seconds), playbackRate: rate)
        }
        #expect(abs(counter.counted - testCase.expected) < 1e-9)
        #expect(abs(sum - counter.counted) < 1e-9)
    }

    @Test func resetBaselineMakesTheNextSampleCountNothing() {
        var counter = PlaybackProgressCounter()
        counter.sample(currentTime: 0, at: .zero)
        counter.sample(currentTime: 1, at: .seconds(1))
        counter.resetBaseline()
        #expect(counter.sample(currentTime: 2, at: .seconds(2)) == 0)
        #expect(counter.sample(currentTime: 2.5, at: .seconds(2.5)) == 0.5)
        #expect(counter.counted == 1.5)
    }
}
