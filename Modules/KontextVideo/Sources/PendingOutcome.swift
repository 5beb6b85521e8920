import KontextVideoConcurrency

/// One piece of work in flight (an ad request, a creative load) awaited by any number of callers.
///
/// A caller whose task is cancelled stops waiting with `CancellationError`; the work goes on and
/// its outcome is kept, so the next caller gets it.
@MainActor
final class PendingOutcome<Value: Sendable> {
    private struct State {
        var outcome: Result<Value, any Error>?
        var waiters = Waiters<Value, Void>()
    }

    /// The work, so `destroy()` can cancel it.
    var task: Task<Void, Never>?
    private let state = LockedState(State())

    /// The outcome, once settled.
    var outcome: Result<Value, any Error>? { state.withLock { $0.outcome } }

    /// Waits for the outcome.
    func wait() async throws -> Value {
        try await state.wait(in: \.waiters) { $0.outcome }
    }

    /// Settles the outcome once; later calls are ignored.
    func finish(_ outcome: Result<Value, any Error>) {
        let waiters: [Waiter<Value, Void>] = state.withLock { state in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            return state.waiters.removeAll()
        }
        for waiter in waiters { waiter.resume(with: outcome) }
    }
}
