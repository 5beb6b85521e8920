import KontextVideoScheduling

/// One timer for every held ad's expiry, instead of a task per ad (a sleeping task costs about
/// 1.5 KB and several microseconds to start; an app may hold thousands of prefetched ads). It
/// sleeps until the earliest deadline, asks each ad that is due to expire itself, and sleeps again.
/// An ad shown or ended before its deadline needs no unscheduling: asked, it does nothing.
@MainActor
final class ExpiryTimer {
    private struct Entry {
        var deadline: Duration
        weak var ad: VideoAd?
    }

    private let clock: any SchedulingClock
    /// Sorted by deadline; ads answered with the same `expiresIn` arrive in order, so inserting is
    /// an append.
    private var entries: [Entry] = []
    private var sleeper: Task<Void, Never>?
    /// The deadline `sleeper` sleeps until.
    private var armedFor: Duration?

    init(clock: any SchedulingClock) {
        self.clock = clock
    }

    /// Asks `ad` to expire itself once `deadline` passed on the clock.
    func schedule(_ ad: VideoAd, at deadline: Duration) {
        let index = entries.lastIndex { $0.deadline <= deadline }.map { $0 + 1 } ?? 0
        entries.insert(Entry(deadline: deadline, ad: ad), at: index)
        if armedFor.map({ deadline < $0 }) ?? true { arm() }
    }

    /// Stops the timer (the runtime was retired).
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
        let clock = self.clock
        sleeper = Task { @MainActor [weak self] in
            do { try await clock.sleep(until: next) } catch { return }
            self?.fire()
        }
    }

    private func fire() {
        let now = clock.now
        let dueCount = entries.prefix { $0.deadline <= now }.count
        let due = entries.prefix(dueCount).compactMap(\.ad)
        entries.removeFirst(dueCount)
        armedFor = nil
        sleeper = nil
        for ad in due { ad.expireIfDue() }
        arm()
    }
}
