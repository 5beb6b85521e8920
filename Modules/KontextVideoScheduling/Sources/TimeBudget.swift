/// The time one public call may take, spent by everything it does: every attempt, every back-off
/// and every wait for work it joins. An attempt gets what is left; a retry is made only when
/// enough is left for it to be useful. Measured on the injected clock from the call's start.
package struct TimeBudget: Sendable {
    /// `format()` and `initialize` answer within this, whatever the server does (`load()` is
    /// bounded by foreground time instead: `ActiveTime`).
    package static let publicCall: Duration = .seconds(16)

    /// When the budget runs out, on the clock.
    package let deadline: Duration
    private let clock: any SchedulingClock

    /// A budget of `limit` from now on `clock`.
    package init(_ limit: Duration = TimeBudget.publicCall, on clock: any SchedulingClock) {
        self.clock = clock
        self.deadline = clock.now + limit
    }

    /// What is left, never negative.
    package var remaining: Duration {
        max(.zero, deadline - clock.now)
    }

    /// Whether nothing is left.
    package var isSpent: Bool {
        remaining == .zero
    }

    /// Whether waiting `delay` still leaves at least `useful` for the work after it.
    package func allows(waiting delay: Duration, thenAtLeast useful: Duration) -> Bool {
        remaining >= delay + useful
    }

    /// Runs `operation` for at most what is left (see `withDeadline`).
    package func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withDeadline(remaining, on: clock, operation: operation)
    }
}
