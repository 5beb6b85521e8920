import KontextVideoTestSupport
import Testing
@testable import KontextVideoScheduling

@Suite("ActiveTime")
struct ActiveTimeTests {
    @Test func backgroundTimeDoesNotCount() async throws {
        let clock = TestClock()
        let activeTime = ActiveTime(clock: clock)
        let done = DoneFlag()
        let waiter = Task { try await activeTime.sleep(activeFor: .seconds(10)); await done.set() }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(4))
        activeTime.setActive(false)
        await clock.advance(by: .seconds(60))
        #expect(await done.isSet == false)
        #expect(activeTime.elapsed == .seconds(4))
        activeTime.setActive(true)
        await clock.advance(by: .seconds(5))
        #expect(await done.isSet == false)
        await clock.advance(by: .seconds(1))
        try await waiter.value
        #expect(await done.isSet)
        #expect(activeTime.elapsed == .seconds(10))
    }
}

actor DoneFlag {
    var isSet = false
    func set() { isSet = true }
}
