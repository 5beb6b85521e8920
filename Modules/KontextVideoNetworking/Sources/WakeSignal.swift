import KontextVideoModels

/// Wakes one waiting task; a signal given while nobody waits is kept for the next wait.
package final class WakeSignal: Sendable {
    private struct State {
        var signaled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedState(State())

    /// Creates a signal that is not set.
    package init() {}

    /// Wakes the waiter, or lets the next `wait()` return at once.
    package func signal() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock {
            if let waiter = $0.waiter {
                $0.waiter = nil
                return waiter
            }
            $0.signaled = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns once signalled, or when the task is cancelled. One waiter at a time.
    package func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = state.withLock {
                    if $0.signaled || Task.isCancelled {
                        $0.signaled = false
                        return true
                    }
                    $0.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
                let waiter = state.waiter
                state.waiter = nil
                return waiter
            }
            waiter?.resume()
        }
    }
}
