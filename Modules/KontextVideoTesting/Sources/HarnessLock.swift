import KontextVideoConcurrency

/// One harness at a time in a process: `KontextVideo.shared` is a single instance, and test
/// runners (Swift Testing, XCTest) run suites in parallel. Waiters are served in order.
final class HarnessLock: Sendable {
    static let shared = HarnessLock()

    private struct State: HasWaiters {
        var isHeld = false
        var waiters = Waiters<Void, Void>()
    }

    private let state = LockedState(State())

    /// Returns the caller's hold once the lock is free; throws `CancellationError` if its task is
    /// cancelled first.
    func acquire() async throws -> HarnessLease {
        try await state.wait { state in
            guard !state.isHeld else { return nil }
            state.isHeld = true
            return .success(())
        }
        return HarnessLease(lock: self)
    }

    /// The caller's hold when the lock is free now, `nil` when another harness holds it: for a
    /// caller that cannot wait (`KontextVideoHarness.init` is synchronous, on the main actor,
    /// where the holder runs too).
    func acquireIfFree() -> HarnessLease? {
        let acquired = state.withLock { state in
            guard !state.isHeld else { return false }
            state.isHeld = true
            return true
        }
        return acquired ? HarnessLease(lock: self) : nil
    }

    /// Hands the lock to the next waiter, or frees it. Only a `HarnessLease` calls it, once.
    func release() {
        let next: Waiter<Void, Void>? = state.withLock { state in
            guard let next = state.waiters.removeFirst() else {
                state.isHeld = false
                return nil
            }
            return next
        }
        next?.resume()
    }
}
