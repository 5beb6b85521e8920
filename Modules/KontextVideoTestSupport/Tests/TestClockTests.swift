import Testing
import KontextVideoTestSupport
import KontextVideoScheduling

@Suite("TestClock")
struct TestClockTests {
    @Test func sleepersWakeInDeadlineOrderOnlyWhenReached() async throws {
        let clock = TestClock()
        let order = OrderLog()
        let late = Task { try await clock.sleep(for: .seconds(5)); await order.append("late") }
        let early = Task { try await clock.sleep(for: .seconds(2)); await order.append("early") }
        #expect(await clock.waitForSleepers(atLeast: 2))
        await clock.advance(by: .seconds(1))
        #expect(await order.entries.isEmpty)
        await clock.advance(by: .seconds(4))
        try await late.value
        try await early.value
        #expect(await order.entries == ["early", "late"])
        #expect(clock.now == .seconds(5))
    }

    @Test func cancellingASleeperThrowsCancellation() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await clock.waitForSleepers())
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aPastDeadlineReturnsAtOnce() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(3))
        try await clock.sleep(until: .seconds(1))
        #expect(clock.now == .seconds(3))
    }
}

actor OrderLog {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
