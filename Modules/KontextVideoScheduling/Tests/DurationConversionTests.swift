import Foundation
import Testing
@testable import KontextVideoScheduling

@Suite("Duration ↔ TimeInterval")
struct DurationConversionTests {
    @Test(arguments: [
        (0.0, Duration.zero), (-5, .zero), (.nan, .zero), (-.infinity, .zero),
        (1.5, .milliseconds(1500)), (0.000_000_001, .nanoseconds(1)), (15, .seconds(15)),
    ] as [(TimeInterval, Duration)])
    func ordinaryValuesConvertExactly(seconds: TimeInterval, expected: Duration) {
        #expect(Duration.timeInterval(seconds) == expected)
    }

    /// `"duration": 1e10` in an ad answer killed the process ("Double value cannot be converted
    /// to Int64") when the overlay's timer was set; every such number now saturates.
    @Test(arguments: [1e10, 1e19, 1e300, .greatestFiniteMagnitude, .infinity])
    func hugeValuesSaturateInsteadOfTrapping(seconds: TimeInterval) {
        let duration = Duration.timeInterval(seconds)
        let expected: Duration = seconds.isFinite ? .seconds(Int64(Duration.longestTimeInterval)) : .zero
        #expect(duration == expected)
        #expect(duration.timeInterval <= Duration.longestTimeInterval)
    }

    @Test func roundTripsThroughTimeInterval() {
        #expect(Duration.timeInterval(1234.5).timeInterval == 1234.5)
        #expect(Duration.seconds(3).timeInterval == 3)
    }
}

/// The real clock's sleeping itself is exercised on the real clock by the process-level tests
/// (`Tools/KontextVideoProbe/Tests`); here only what needs no waiting.
@Suite("SystemClock")
struct SystemClockTests {
    @Test func aPastDeadlineReturnsAtOnce() async throws {
        let clock = SystemClock()
        try await clock.sleep(until: .zero)
    }

    @Test func cancellingASleepEndsItAtOnceWithCancellationError() async {
        let clock = SystemClock()
        let sleeper = Task { try await clock.sleep(until: clock.now + .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
        let clock = SystemClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now + .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
