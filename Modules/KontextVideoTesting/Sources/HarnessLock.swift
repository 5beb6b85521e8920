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

    /// Returns once the caller holds the lock; throws `CancellationError` if its task is cancelled first.
    func acquire() async throws {
        try await state.wait { state in
            guard !state.isHeld else { return nil }
            state.isHeld = true
            return .success(())
        }
    }

    /// Hands the lock to the next waiter, or frees it.
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
