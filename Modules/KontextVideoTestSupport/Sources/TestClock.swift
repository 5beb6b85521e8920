import KontextVideoConcurrency
import KontextVideoScheduling

/// A clock that stands still until a test advances it, then wakes every sleeper whose
/// deadline passed, in deadline order, letting each woken task run before the next.
///
/// No test waits for real time: `advance(by:)` jumps instantly.
///
/// Every timer of the SDK under `KontextVideoHarness` runs on its clock (`harness.clock`): ad
/// expiry, the 10-second creative load time-out, request time-outs and back-offs, the half-second
/// measurement of a shown ad, an overlay's duration.
///
/// ```swift
/// try await KontextVideoHarness.run { harness in
///     await harness.initialize()
///     let ads = VideoAds(content: .init(id: "e1", language: "en"))
///     let ad = try await ads.format(.pause)
///     // The sandbox's ads expire after 900 s.
///     await harness.clock.advance(by: .seconds(901))
///     #expect(ad.invalidationReason == .expired)
/// }
/// ```
public final class TestClock: SchedulingClock, Sendable {
    private struct State: HasWaiters {
        var now: Duration = .zero
        /// The sleepers, each tagged with its deadline.
        var waiters = Waiters<Void, Duration>()
        /// Sleeps that had to wait for a later time.
        var sleepsScheduled = 0
    }

    private let state = LockedState(State())

    /// Creates a clock at time zero.
    public init() {}

    /// Time since the clock's origin.
    public var now: Duration {
        state.withLock { $0.now }
    }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int {
        state.withLock { $0.waiters.tags.count }
    }

    /// How many times a task went to sleep on this clock until a later time, since the clock was
    /// made: each is a wake-up scheduled (a timer armed, a poll, a time-out), cancelled ones too. A
    /// sleep whose deadline already passed does not count. The difference over a stretch of virtual
    /// time is how often the SDK wakes the app then.
    ///
    /// ```swift
    /// let before = harness.clock.sleepsScheduled
    /// await harness.advance(by: .seconds(10))
    /// print("wake-ups per second:", Double(harness.clock.sleepsScheduled - before) / 10)
    /// ```
    public var sleepsScheduled: Int {
        state.withLock { $0.sleepsScheduled }
    }

    /// The earliest deadline any task sleeps until, if any.
    public var nextDeadline: Duration? {
        state.withLock { $0.waiters.tags.min() }
    }

    /// Suspends until `deadline`; throws `CancellationError` when cancelled.
    /// - Parameter deadline: The time since the clock's origin to wake at.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        try await state.wait(tag: deadline) { state in
            if deadline <= state.now { return .success(()) }
            state.sleepsScheduled += 1
            return nil
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline is reached
    /// in deadline order, and giving woken tasks a chance to run (and to sleep again)
    /// before later deadlines are processed.
    ///
    /// It runs on the caller's actor, so a test on the main actor lets main-actor timers run
    /// between deadlines.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(10))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move time.
    ///   - isolation: the actor the call runs on: leave the default, the caller's (a test on the main
    ///     actor lets main-actor timers run between deadlines).
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
        await settle()
        let target = state.withLock { $0.now } + duration
        while let sleeper = popEarliest(notAfter: target) {
            let othersAsleep = sleeperCount
            sleeper.resume()
            await settle()
            // A periodic task (a poll, a monitor) sleeps again once it ran. On a busy executor
            // that can take longer than one settle; moving on before would skip its next tick.
            var spins = 0
            while sleeperCount <= othersAsleep, spins < 2_000 {
                await Task.yield()
                spins += 1
            }
        }
        state.withLock { $0.now = max($0.now, target) }
        await settle()
    }

    /// Advances to the next deadline, if any; returns whether a sleeper was woken.
    /// - Parameter isolation: the actor the call runs on: leave the default, the caller's (a test on the main
    ///   actor lets main-actor timers run between deadlines).
    /// - Returns: `true` when a sleeper was woken, `false` when nobody slept on the clock.
    @discardableResult
    public func advanceToNextDeadline(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        await settle()
        guard let deadline = nextDeadline else { return false }
        await advance(by: max(.zero, deadline - now))
        return true
    }

    /// Yields until at least `count` tasks sleep on this clock, or gives up after a bounded
    /// number of yields; returns whether they did. Use before `advance` when a task was just started.
    ///
    /// ```swift
    /// let loading = Task { try await ad.load() }
    /// await clock.waitForSleepers()             // the load time-out is armed
    /// await clock.advance(by: .seconds(10))
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many sleepers to wait for; 1 by default.
    ///   - isolation: the actor the call runs on: leave the default, the caller's (a test on the main
    ///     actor lets main-actor timers run between deadlines).
    /// - Returns: Whether at least `count` tasks sleep on the clock.
    @discardableResult
    public func waitForSleepers(atLeast count: Int = 1, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        for _ in 0..<20_000 {
            if sleeperCount >= count { return true }
            await Task.yield()
        }
        return sleeperCount >= count
    }

    private func popEarliest(notAfter target: Duration) -> Waiter<Void, Duration>? {
        state.withLock { state in
            guard let earliest = state.waiters.removeFirst(where: { $0 <= target }, by: <) else { return nil }
            state.now = max(state.now, earliest.tag)
            return earliest
        }
    }

    /// Lets other tasks run: woken sleepers, and tasks they start. Yields on the caller's actor,
    /// so tasks isolated to it (the main actor, in SDK tests) get their turn.
    /// - Parameter isolation: the actor the call runs on: leave the default, the caller's (a test on the main
    ///   actor lets main-actor timers run between deadlines).
    public func settle(isolation: isolated (any Actor)? = #isolation) async {
        for _ in 0..<64 { await Task.yield() }
    }
}
