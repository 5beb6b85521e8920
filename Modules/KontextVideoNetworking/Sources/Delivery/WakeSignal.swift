import KontextVideoConcurrency

/// Wakes one waiting task; a signal given while nobody waits is kept for the next wait.
package final class WakeSignal: Sendable {
    private struct State: HasWaiters {
        var signaled = false
        var waiters = Waiters<Void, Void>()
    }

    private let state = LockedState(State())

    /// Creates a signal that is not set.
    package init() {}

    /// Wakes the waiter, or lets the next `wait()` return at once.
    package func signal() {
        // Most signals find nobody waiting (the delivery loop sleeps out its batch window on the
        // clock): they set a flag and return a `Bool`, without moving a waiter through an optional.
        let hasWaiter = state.withLock {
            if $0.waiters.isEmpty {
                $0.signaled = true
                return false
            }
            return true
        }
        guard hasWaiter else { return }
        let waiter: Waiter<Void, Void>? = state.withLock {
            if let waiter = $0.waiters.removeFirst() { return waiter }
            $0.signaled = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns once signalled, or when the task is cancelled. One waiter at a time.
    package func wait() async {
        try? await state.wait { state in
            guard state.signaled else { return nil }
            state.signaled = false
            return .success(())
        }
    }
}
