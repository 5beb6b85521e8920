import Foundation

/// Thrown by `withDeadline` when the operation did not finish in time.
public struct DeadlineExceeded: Error, Sendable, Hashable {
    /// The time the operation was given.
    public let timeout: Duration

    /// Creates the error.
    public init(timeout: Duration) {
        self.timeout = timeout
    }
}

/// Runs `operation`, returning its result, or throwing `DeadlineExceeded` once `timeout`
/// passed on `clock`. The operation is cancelled at the deadline but not waited for, so
/// an operation that ignores cancellation (a hung socket) cannot hold the caller.
/// Cancelling the calling task cancels the operation and throws `CancellationError`.
public func withDeadline<Value: Sendable>(
    _ timeout: Duration,
    on clock: any SchedulingClock,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let gate = OnceGate<Value>()
    let work = Task {
        do {
            await gate.finish(with: .success(try await operation()))
        } catch {
            await gate.finish(with: .failure(error))
        }
    }
    let timer = Task {
        do {
            try await clock.sleep(for: timeout)
            await gate.finish(with: .failure(DeadlineExceeded(timeout: timeout)))
        } catch {
            // Cancelled because the work finished first.
        }
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await gate.value()
    } onCancel: {
        work.cancel()
        Task { await gate.finish(with: .failure(CancellationError())) }
    }
}

/// Hands the first result it gets to the one waiter; later results are ignored.
private actor OnceGate<Value: Sendable> {
    private var result: Result<Value, any Error>?
    private var waiter: CheckedContinuation<Value, any Error>?

    func finish(with result: Result<Value, any Error>) {
        guard self.result == nil else { return }
        self.result = result
        waiter?.resume(with: result)
        waiter = nil
    }

    func value() async throws -> Value {
        if let result { return try result.get() }
        return try await withCheckedThrowingContinuation { waiter = $0 }
    }
}
