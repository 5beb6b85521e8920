/// An outcome settled once and awaited by any number of tasks: the first `finish` wins, later
/// ones are ignored; a waiter whose task is cancelled stops waiting with `CancellationError`
/// while the outcome stays to be had.
///
/// It can also hold the task that will settle it (its producer), for its owner to cancel: the SDK
/// starts the work of an ad request or a load from its caller's task once that task left the main
/// actor (creating a task costs the main thread as much as the rest of the call), while whoever
/// may cancel it (`destroy()`, the ad ending) is on the main actor. Kept under the outcome's own
/// lock: a separate holder was one more allocation per request.
///
/// A value with reference semantics, like the `LockedState` it wraps: copies share one outcome,
/// in one allocation.
public struct OnceOutcome<Value: Sendable>: Sendable {
    // Inlinable, so the caller's module specializes it for its value: every ad request and load
    // makes one and settles it on the main actor.
    @usableFromInline struct State: HasWaiters {
        @usableFromInline var outcome: Result<Value, any Error>?
        @usableFromInline var waiters = Waiters<Value, Void>()
        @usableFromInline var producer: Task<Void, Never>?
        @usableFromInline var producerCancelled = false

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

    /// Keeps `task`, the work that will settle the outcome, to cancel it later; cancels it now if
    /// `cancelProducer()` came first.
    @inlinable package func setProducer(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state -> Bool in
            if state.producerCancelled { return true }
            state.producer = task
            return false
        }
        if cancelNow { task.cancel() }
    }

    /// Cancels the producer, and any set later.
    @inlinable package func cancelProducer() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.producerCancelled = true
            defer { state.producer = nil }
            return state.producer
        }
        task?.cancel()
    }

    /// Returns the value once settled, or throws the settled error.
    @inlinable package func value(isolation: isolated (any Actor)? = #isolation) async throws -> Value {
        try await state.wait { $0.outcome }
    }
}
