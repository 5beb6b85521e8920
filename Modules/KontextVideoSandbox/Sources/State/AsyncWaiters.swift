import Foundation

/// Async waits for a condition on state guarded elsewhere, woken by ``signal()`` after each
/// change — no polling, no sleeping.
///
/// Each wait also carries a real-time safety timeout (``safetyTimeout``, measured with
/// `DispatchTime` inside the server) so that a broken test fails instead of hanging; it is
/// never the way a passing test finishes.
final class AsyncWaiters: @unchecked Sendable {
    /// The real-time bound on every wait (a safety net; 5 minutes). It must outlast a whole test
    /// run's queueing: under the thread sanitizer on two cores a test's own tasks can wait tens of
    /// seconds for a thread, and a 30 s net failed tests that were only slow (CI, 5 December 2026).
    static let safetyTimeout: Duration = .seconds(300)

    private struct Entry {
        let condition: @Sendable () -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var failure: (any Error)?

    /// An empty set of waiters.
    init() {}

    /// Returns once `condition()` is true; it is evaluated now and after every ``signal()``.
    func wait(_ description: String, timeout: Duration = AsyncWaiters.safetyTimeout, until condition: @escaping @Sendable () -> Bool) async throws {
        let id: UInt64 = lock.locked {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelled.remove(id) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if let failure {
                    lock.unlock()
                    continuation.resume(throwing: failure)
                    return
                }
                if condition() {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                entries[id] = Entry(condition: condition, continuation: continuation)
                lock.unlock()
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                    self?.fail(id, with: SandboxWaitError.timedOut(description))
                }
            }
        } onCancel: {
            lock.lock()
            if let entry = entries.removeValue(forKey: id) {
                lock.unlock()
                entry.continuation.resume(throwing: CancellationError())
            } else {
                cancelled.insert(id)
                lock.unlock()
            }
        }
        lock.locked { _ = cancelled.remove(id) }
    }

    /// Re-evaluates every pending condition and resumes the waits that came true.
    func signal() {
        lock.lock()
        var ready: [CheckedContinuation<Void, any Error>] = []
        for (id, entry) in entries where entry.condition() {
            ready.append(entry.continuation)
            entries[id] = nil
        }
        lock.unlock()
        for continuation in ready { continuation.resume() }
    }

    /// Fails every pending wait, and every later one, with `error`.
    func failAll(with error: any Error) {
        lock.lock()
        failure = error
        let pending = entries.values.map(\.continuation)
        entries.removeAll()
        lock.unlock()
        for continuation in pending { continuation.resume(throwing: error) }
    }

    private func fail(_ id: UInt64, with error: any Error) {
        lock.lock()
        let entry = entries.removeValue(forKey: id)
        lock.unlock()
        entry?.continuation.resume(throwing: error)
    }
}
