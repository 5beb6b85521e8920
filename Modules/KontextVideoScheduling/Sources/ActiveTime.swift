import KontextVideoConcurrency

/// Whether the app is in the foreground, and how much foreground ("active") time has passed.
///
/// Time-outs such as the 10 s creative load count active time only: time spent in the
/// background does not count. The facade feeds it from the platform's lifecycle
/// notifications; tests drive it directly.
package final class ActiveTime: Sendable {
    private struct State: HasWaiters {
        var isActive = true
        var accumulated: Duration = .zero
        var activeSince: Duration = .zero
        var waiters = Waiters<Void, Void>()
    }

    /// The clock active time is measured on.
    package let clock: any SchedulingClock
    private let state: LockedState<State>

    /// Creates a tracker that starts in the foreground.
    package init(clock: any SchedulingClock) {
        self.clock = clock
        self.state = LockedState(State(activeSince: clock.now))
    }

    /// Whether the app is in the foreground.
    package var isActive: Bool {
        state.withLock { $0.isActive }
    }

    /// Foreground time since this tracker was created.
    package var elapsed: Duration {
        let now = clock.now
        return state.withLock { $0.accumulated + ($0.isActive ? now - $0.activeSince : .zero) }
    }

    /// The app moved to the foreground (`true`) or the background (`false`).
    package func setActive(_ active: Bool) {
        let now = clock.now
        let waiters: Waiters<Void, Void> = state.withLock { state in
            guard state.isActive != active else { return Waiters() }
            state.isActive = active
            if active {
                state.activeSince = now
                return state.waiters.removeAll()
            } else {
                state.accumulated += now - state.activeSince
                return Waiters()
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until `duration` of active time has passed. Throws `CancellationError` when cancelled.
    package func sleep(activeFor duration: Duration) async throws {
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
        try await state.wait { $0.isActive ? .success(()) : nil }
    }
}
