import Foundation
import KontextVideoModels

/// Whether the app is in the foreground, and how much foreground ("active") time has passed.
///
/// Time-outs such as the 10 s creative load count active time only: time spent in the
/// background does not count. The facade feeds it from the platform's lifecycle
/// notifications; tests drive it directly.
public final class ActiveTime: Sendable {
    private struct State {
        var isActive = true
        var accumulated: Duration = .zero
        var activeSince: Duration = .zero
        var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
    }

    /// The clock active time is measured on.
    public let clock: any SchedulingClock
    private let state: LockedState<State>

    /// Creates a tracker that starts in the foreground.
    public init(clock: any SchedulingClock) {
        self.clock = clock
        self.state = LockedState(State(activeSince: clock.now))
    }

    /// Whether the app is in the foreground.
    public var isActive: Bool {
        state.withLock { $0.isActive }
    }

    /// Foreground time since this tracker was created.
    public var elapsed: Duration {
        let now = clock.now
        return state.withLock { $0.accumulated + ($0.isActive ? now - $0.activeSince : .zero) }
    }

    /// The app moved to the foreground (`true`) or the background (`false`).
    public func setActive(_ active: Bool) {
        let now = clock.now
        let waiters: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            guard state.isActive != active else { return [] }
            state.isActive = active
            if active {
                state.activeSince = now
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            } else {
                state.accumulated += now - state.activeSince
                return []
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until `duration` of active time has passed. Throws `CancellationError` when cancelled.
    public func sleep(activeFor duration: Duration) async throws {
        let deadline = elapsed + duration
        while true {
            try Task.checkCancellation()
            if isActive {
                let remaining = deadline - elapsed
                if remaining <= .zero { return }
                try await clock.sleep(for: remaining)
            } else {
                try await waitUntilActive()
            }
        }
    }

    private func waitUntilActive() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock {
                    if $0.isActive { return true }
                    $0.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
