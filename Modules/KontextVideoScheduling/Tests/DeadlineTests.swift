import KontextVideoTestSupport
import Testing
@testable import KontextVideoScheduling

@Suite("withDeadline")
struct DeadlineTests {
    @Test func returnsTheValueWhenTheOperationIsInTime() async throws {
        let clock = TestClock()
        let value = try await withDeadline(.seconds(5), on: clock) { 42 }
        #expect(value == 42)
    }

    @Test func throwsDeadlineExceededForAnOperationThatNeverFinishes() async {
        let clock = TestClock()
        let hung = Task {
            try await withDeadline(.seconds(16), on: clock) {
                // Ignores cancellation on purpose, like a socket that never answers.
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
                return 0
            }
        }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(15))
        await clock.advance(by: .seconds(1))
        await #expect(throws: DeadlineExceeded(timeout: .seconds(16))) { try await hung.value }
    }
}
