import Foundation

/// One piece of work in flight (an ad request, a creative load) awaited by any number of callers.
///
/// A caller whose task is cancelled stops waiting with `CancellationError`; the work goes on and
/// its outcome is kept, so the next caller gets it.
@MainActor
final class PendingOutcome<Value: Sendable> {
    /// The work, so `destroy()` can cancel it.
    var task: Task<Void, Never>?
    private(set) var outcome: Result<Value, any Error>?
    private var waiters: [UUID: CheckedContinuation<Value, any Error>] = [:]

    /// Waits for the outcome.
    func wait() async throws -> Value {
        if let outcome { return try outcome.get() }
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let outcome {
                    continuation.resume(with: outcome)
                } else if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    /// Settles the outcome once; later calls are ignored.
    func finish(_ outcome: Result<Value, any Error>) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiting = waiters.values
        waiters.removeAll()
        for waiter in waiting { waiter.resume(with: outcome) }
    }
}
