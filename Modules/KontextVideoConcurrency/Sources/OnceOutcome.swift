/// An outcome settled once and awaited by any number of tasks: the first `finish` wins, later
/// ones are ignored; a waiter whose task is cancelled stops waiting with `CancellationError`
/// while the outcome stays to be had.
///
/// A value with reference semantics, like the `LockedState` it wraps: copies share one outcome,
/// in one allocation.
public struct OnceOutcome<Value: Sendable>: Sendable {
    // Inlinable, so the caller's module specializes it for its value: every ad request and load
    // makes one and settles it on the main actor.
    @usableFromInline struct State: HasWaiters {
        @usableFromInline var outcome: Result<Value, any Error>?
        @usableFromInline var waiters = Waiters<Value, Void>()

        @inlinable init() {}
    }

    @usableFromInline let state = LockedState(State())

    /// Creates an unsettled outcome.
    @inlinable package init() {}

    /// The outcome, once settled.
    @inlinable package var outcome: Result<Value, any Error>? {
        state.withLock { $0.outcome }
    }

    /// Settles the outcome and wakes every waiter, unless it was settled already. Returns how
    /// many waiters it woke: none tells the settler that nobody heard it, should it matter.
    @inlinable @discardableResult package func finish(_ outcome: Result<Value, any Error>) -> Int {
        let waiters: Waiters<Value, Void> = state.withLock { state in
            guard state.outcome == nil else { return Waiters() }
            state.outcome = outcome
            return state.waiters.removeAll()
        }
        for waiter in waiters { waiter.resume(with: outcome) }
        return waiters.count
    }

    /// Returns the value once settled, or throws the settled error.
    @inlinable package func value(isolation: isolated (any Actor)? = #isolation) async throws -> Value {
        try await state.wait { $0.outcome }
    }
}
