import KontextVideoConcurrency

/// Thrown by `withDeadline` when the operation did not finish in time.
package struct DeadlineExceeded: Error, Sendable, Hashable {
    /// The time the operation was given.
    package let timeout: Duration

    /// Creates the error.
    package init(timeout: Duration) {
        self.timeout = timeout
    }
}

/// Runs `operation`, returning its result, or throwing `DeadlineExceeded` once `timeout`
/// passed on `clock`. The operation is cancelled at the deadline but not waited for, so
/// an operation that ignores cancellation (a hung socket) cannot hold the caller.
/// Cancelling the calling task cancels the operation and throws `CancellationError`.
package func withDeadline<Value: Sendable>(
    _ timeout: Duration,
    on clock: any SchedulingClock,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let gate = OnceOutcome<Value>()
    let work = Task {
        do {
            gate.finish(.success(try await operation()))
        } catch {
            gate.finish(.failure(error))
        }
    }
    let timer = Task {
        do {
            try await clock.sleep(for: timeout)
            gate.finish(.failure(DeadlineExceeded(timeout: timeout)))
        } catch {
            // Cancelled because the work finished first.
        }
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    // Cancelling the caller cancels its wait (`CancellationError`); the deferred cancels stop the rest.
    return try await gate.value()
}
