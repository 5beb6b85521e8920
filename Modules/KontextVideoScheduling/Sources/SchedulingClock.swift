import Foundation

/// The one source of time for every timer, timeout, expiry, poll and back-off in the SDK.
///
/// Time is a monotonic `Duration` since the clock's origin, so nothing depends on the
/// device's wall clock. Production uses `SystemClock`; tests inject a `TestClock` and
/// advance it instantly.
package protocol SchedulingClock: Sendable {
    /// Monotonic time since the clock's origin.
    var now: Duration { get }

    /// Suspends until `now` reaches `deadline`. Throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Duration) async throws
}

extension SchedulingClock {
    /// Suspends for `duration`. Throws `CancellationError` when the task is cancelled.
    package func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}

/// Real time, from `ContinuousClock` (which keeps counting while the device sleeps).
package struct SystemClock: SchedulingClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a clock whose origin is now.
    package init() {
        origin = clock.now
    }

    /// Time since the clock's origin.
    package var now: Duration {
        origin.duration(to: clock.now)
    }

    /// Suspends until `deadline`; throws `CancellationError` when cancelled.
    package func sleep(until deadline: Duration) async throws {
        try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The longest duration made from a `TimeInterval`: about 31 years. Any number from outside
    /// (an answer's duration, a header) that becomes a timer is capped here, so no conversion can
    /// overflow and no timer outlives the app.
    package static let longestTimeInterval: TimeInterval = 1e9

    /// A duration from seconds given as a `TimeInterval`, saturating: negative and non-finite
    /// values are zero, values past `longestTimeInterval` are `longestTimeInterval`.
    package static func timeInterval(_ seconds: TimeInterval) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        let bounded = min(seconds, longestTimeInterval)
        let whole = bounded.rounded(.down)
        return .seconds(Int64(whole)) + .nanoseconds(Int64(((bounded - whole) * 1e9).rounded()))
    }
}
