import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling

@Suite("PlaybackProgressCounter")
struct PlaybackProgressCounterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// (currentTime, clock seconds)
        let samples: [(TimeInterval, Double)]
        let expected: TimeInterval
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "first sample counts nothing", samples: [(42, 0)], expected: 0),
        Case(name: "normal play counts every move",
             samples: [(10, 0), (10.25, 0.25), (10.5, 0.5), (11.5, 1.5)], expected: 1.5),
        Case(name: "2x speed counts", samples: [(0, 0), (0.5, 0.25), (1, 0.5)], expected: 1),
        Case(name: "exactly 4x counts", samples: [(0, 0), (1, 0.25)], expected: 1),
        Case(name: "5x jump is a seek", samples: [(0, 0), (1.25, 0.25)], expected: 0),
        Case(name: "after a forward seek, counting goes on from the new point",
             samples: [(0, 0), (0.25, 0.25), (60, 0.5), (60.25, 0.75)], expected: 0.5),
        Case(name: "backwards seek counts nothing, then counts from there",
             samples: [(30, 0), (30.25, 0.25), (5, 0.5), (5.25, 0.75)], expected: 0.5),
        Case(name: "stall then small jump counts (baseline kept during the stall)",
             samples: [(10, 0), (10, 1), (10, 2), (10, 3), (15, 3.25)], expected: 5),
        Case(name: "stall then a big jump is still a seek",
             samples: [(10, 0), (10, 1), (30, 1.25)], expected: 0),
        Case(name: "two samples at the same clock time never count a move",
             samples: [(0, 1), (0.1, 1)], expected: 0),
        Case(name: "non-finite sample is ignored and clears the baseline",
             samples: [(0, 0), (.nan, 0.25), (0.5, 0.5), (0.75, 0.75)], expected: 0.25),
        Case(name: "3x move counts", samples: [(0, 0), (0.75, 0.25)], expected: 0.75),
    ]

    @Test(arguments: cases)
    func counts(_ testCase: Case) {
        var counter = PlaybackProgressCounter()
        var sum: TimeInterval = 0
        for (time, seconds) in testCase.samples {
            sum += counter.sample(currentTime: time, at: .timeInterval(seconds))
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
