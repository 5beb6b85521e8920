/// One timer for many deadlines of the same kind (every held ad's expiry; every loading ad's
/// time-out), instead of a sleeping task each: a pending sleep costs a few hundred bytes until its
/// deadline even once cancelled, and several microseconds to start; an app may hold thousands of
/// prefetched ads. It sleeps until the earliest deadline, runs the actions that are due, and sleeps
/// again. An action must still check that it is wanted; an ad that no longer needs its deadline
/// cancels it, which frees the action (and what it captured) at once instead of at the deadline.
@MainActor
final class DeadlineTimer {
    /// A scheduled action, to cancel it.
    struct Ticket: Equatable {
        fileprivate let number: UInt64
        fileprivate let deadline: Duration
    }

    /// One scheduled action.
    struct Entry {
        var deadline: Duration
        var number: UInt64
        /// `nil` once cancelled; the entry itself goes at its deadline or with the next sweep.
        var action: (@MainActor () -> Void)?
    }

    private let now: @MainActor () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void
    /// Sorted by deadline, then by scheduling order; deadlines of one kind mostly arrive in order,
    /// so inserting is an append.
    private(set) var entries: [Entry] = []
    private var nextNumber: UInt64 = 0
    /// Entries whose action was cancelled: swept out once they are half of `entries`.
    private(set) var cancelledCount = 0
    private var sleeper: Task<Void, Never>?
    /// The deadline `sleeper` sleeps until.
    private var armedFor: Duration?

    /// A timer whose time is `now()`, waiting with `sleepUntil`.
    init(now: @escaping @MainActor () -> Duration, sleepUntil: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleepUntil = sleepUntil
    }

    /// Runs `action` once `deadline` passed, unless the returned ticket is cancelled first.
    @discardableResult
    func schedule(at deadline: Duration, _ action: @escaping @MainActor () -> Void) -> Ticket {
        nextNumber += 1
        let index = entries.lastIndex { $0.deadline <= deadline }.map { $0 + 1 } ?? 0
        entries.insert(Entry(deadline: deadline, number: nextNumber, action: action), at: index)
        if armedFor.map({ deadline < $0 }) ?? true { arm() }
        return Ticket(number: nextNumber, deadline: deadline)
    }

    /// Forgets the action of `ticket`; nothing happens if it already ran or was cancelled.
    func cancel(_ ticket: Ticket) {
        var index = firstIndex(notBefore: ticket.deadline)
        while index < entries.count, entries[index].deadline == ticket.deadline {
            if entries[index].number == ticket.number {
                guard entries[index].action != nil else { return }
                entries[index].action = nil
                cancelledCount += 1
                if cancelledCount > 32, cancelledCount * 2 > entries.count { sweep() }
                return
            }
            index += 1
        }
    }

    /// Stops the timer and forgets every action (the runtime was retired).
    func stop() {
        sleeper?.cancel()
        sleeper = nil
        armedFor = nil
        entries.removeAll()
        cancelledCount = 0
    }

    /// The index of the first entry whose deadline is `deadline` or later (binary search).
    private func firstIndex(notBefore deadline: Duration) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].deadline < deadline { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Drops the cancelled entries; order is kept.
    private func sweep() {
        entries.removeAll { $0.action == nil }
        cancelledCount = 0
        releaseSpareCapacity()
    }

    /// Gives back the storage of a list that shrank to a quarter of it: ten thousand prefetched
    /// ads, once ended, should not leave their entries' room behind.
    private func releaseSpareCapacity() {
        guard entries.capacity > 64, entries.count * 4 < entries.capacity else { return }
        var compacted: [Entry] = []
        compacted.reserveCapacity(entries.count)
        compacted.append(contentsOf: entries)
        entries = compacted
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
        let due = entries.prefix(dueCount).compactMap(\.action)
        cancelledCount -= dueCount - due.count
        entries.removeFirst(dueCount)
        releaseSpareCapacity()
        armedFor = nil
        sleeper = nil
        for action in due { action() }
        if sleeper == nil { arm() }
    }
}
