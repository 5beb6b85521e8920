import Foundation
import KontextVideoConcurrency

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
    ///
    /// On a timer the sleep cancels, not `ContinuousClock.sleep`: a cancelled `Task.sleep` keeps
    /// its timer and a few hundred bytes until its deadline, and the SDK cancels most of its sleeps
    /// (every request's 16 s deadline, every load's time-out) long before they are due.
    package func sleep(until deadline: Duration) async throws {
        let remaining = deadline - now
        guard remaining > .zero else {
            try Task.checkCancellation()
            return
        }
        try await CancellableSleep.sleep(for: remaining)
    }
}

/// One sleep on a dispatch timer that is torn down as soon as the sleeping task is cancelled.
private final class CancellableSleep: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var timer: (any DispatchSourceTimer)?
        /// How the sleep ended, when it ended before the continuation was stored.
        var outcome: Result<Void, any Error>?
        var isFinished = false
    }

    private let state = LockedState(State())

    static func sleep(for duration: Duration) async throws {
        let sleep = CancellableSleep()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleep.start(continuation, after: duration)
            }
        } onCancel: {
            sleep.finish(with: .failure(CancellationError()))
        }
    }

    private func start(_ continuation: CheckedContinuation<Void, any Error>, after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = min(seconds, Int64(Int.max / 1_000_000_000) - 1) * 1_000_000_000 + attoseconds / 1_000_000_000
        // Resumed at once: a dispatch source must never be released suspended.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(1))
        timer.setEventHandler { [self] in finish(with: .success(())) }
        timer.resume()
        let endedAlready: Result<Void, any Error>? = state.withLock { state in
            if state.isFinished { return state.outcome ?? .failure(CancellationError()) }
            state.continuation = continuation
            state.timer = timer
            return nil
        }
        if let endedAlready {
            timer.setEventHandler {}
            timer.cancel()
            continuation.resume(with: endedAlready)
        }
    }

    private func finish(with result: Result<Void, any Error>) {
        let (continuation, timer): (CheckedContinuation<Void, any Error>?, (any DispatchSourceTimer)?) = state.withLock { state in
            guard !state.isFinished else { return (nil, nil) }
            state.isFinished = true
            if state.continuation == nil { state.outcome = result }
            defer { (state.continuation, state.timer) = (nil, nil) }
            return (state.continuation, state.timer)
        }
        timer?.setEventHandler {}
        timer?.cancel()
        continuation?.resume(with: result)
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
