import KontextVideoConcurrency

/// One piece of work in flight (an ad request, a creative load) awaited by any number of callers.
///
/// A caller whose task is cancelled stops waiting with `CancellationError`; the work goes on and
/// its outcome is kept, so the next caller gets it.
@MainActor
final class PendingOutcome<Value: Sendable> {
    /// The work, so `destroy()` can cancel it.
    var task: Task<Void, Never>?
    private let settled = OnceOutcome<Value>()

    /// The outcome, once settled.
    var outcome: Result<Value, any Error>? { settled.outcome }

    /// Waits for the outcome.
    func wait() async throws -> Value {
        try await settled.value()
    }

    /// Settles the outcome once; later calls are ignored.
    func finish(_ outcome: Result<Value, any Error>) {
        settled.finish(outcome)
    }
}
