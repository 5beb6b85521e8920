/// One timer for many deadlines of the same kind (every held ad's expiry; every loading ad's
/// time-out), instead of a sleeping task each: a pending sleep costs a few hundred bytes until its
/// deadline even once cancelled, and several microseconds to start; an app may hold thousands of
/// prefetched ads. It sleeps until the earliest deadline, runs the actions that are due, and sleeps
/// again. An action must check that it is still wanted (an ad shown or loaded before its deadline
/// is asked anyway, and does nothing): nothing is ever unscheduled.
@MainActor
final class SharedTimer {
    private struct Entry {
        var deadline: Duration
        var action: @MainActor () -> Void
    }

    private let now: @MainActor () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void
    /// Sorted by deadline; deadlines of one kind mostly arrive in order, so inserting is an append.
    private var entries: [Entry] = []
    private var sleeper: Task<Void, Never>?
    /// The deadline `sleeper` sleeps until.
    private var armedFor: Duration?

    /// A timer whose time is `now()`, waiting with `sleepUntil`.
    init(now: @escaping @MainActor () -> Duration, sleepUntil: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleepUntil = sleepUntil
    }

    /// Runs `action` once `deadline` passed.
    func schedule(at deadline: Duration, _ action: @escaping @MainActor () -> Void) {
        let index = entries.lastIndex { $0.deadline <= deadline }.map { $0 + 1 } ?? 0
        entries.insert(Entry(deadline: deadline, action: action), at: index)
        if armedFor.map({ deadline < $0 }) ?? true { arm() }
    }

    /// Stops the timer and forgets every action (the runtime was retired).
    func stop() {
        sleeper?.cancel()
        sleeper = nil
        armedFor = nil
        entries.removeAll()
    }

    private func arm() {
        sleeper?.cancel()
        guard let next = entries.first?.deadline else {
            sleeper = nil
            armedFor = nil
            return
        }
        armedFor = next
        let sleepUntil = self.sleepUntil
        sleeper = Task { @MainActor [weak self] in
            do { try await sleepUntil(next) } catch { return }
            self?.fire()
        }
    }

    private func fire() {
        let now = self.now()
        let dueCount = entries.prefix { $0.deadline <= now }.count
        let due = entries.prefix(dueCount).map(\.action)
        entries.removeFirst(dueCount)
        armedFor = nil
        sleeper = nil
        for action in due { action() }
        if sleeper == nil { arm() }
    }
}
