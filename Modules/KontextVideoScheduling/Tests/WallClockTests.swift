import Foundation
import Testing
import KontextVideoScheduling
import KontextVideoTestSupport

@Suite("WallClock")
struct WallClockTests {
    @Test func aWallClockFollowingATestClockMovesOnlyWithIt() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let wall = WallClock.following(clock, from: start)
        #expect(wall.now == start)
        await clock.advance(by: .milliseconds(1_500))
        #expect(wall.now == start.addingTimeInterval(1.5))
    }
}
