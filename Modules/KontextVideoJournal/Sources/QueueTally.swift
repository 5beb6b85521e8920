/// What the queue's budgets count, kept as entries come and go so that an append checks them in
/// constant time: events and pixels (each kind has a budget of its own, `EventQueueStore.capacity`),
/// and the pixels waiting of each ad and VAST event (`EventQueueStore.pixelsPerAdEvent`).
struct QueueTally {
    private(set) var events = 0
    private(set) var pixels = 0
    private var pixelsByGroup: [PixelGroup: Int] = [:]

    /// Nothing counted.
    init() {}

    /// Counts `entries`.
    init(_ entries: [QueuedEntry]) {
        for entry in entries { add(entry) }
    }

    /// How many entries of `kind` wait.
    func count(of kind: QueuedEntry.Kind) -> Int {
        kind == .event ? events : pixels
    }

    /// How many pixels of `group` wait.
    func pixels(of group: PixelGroup) -> Int {
        pixelsByGroup[group] ?? 0
    }

    /// Whether `entry` may join: any event or pixel of no ad, or a pixel whose ad has fewer than
    /// `cap` pixels of its VAST event waiting.
    func admits(_ entry: QueuedEntry, cap: Int) -> Bool {
        guard let group = entry.pixelGroup else { return true }
        return pixels(of: group) < cap
    }

    mutating func add(_ entry: QueuedEntry) {
        switch entry.kind {
        case .event: events += 1
        case .pixel: pixels += 1
        }
        if let group = entry.pixelGroup { pixelsByGroup[group, default: 0] += 1 }
    }

    mutating func remove(_ entry: QueuedEntry) {
        switch entry.kind {
        case .event: events -= 1
        case .pixel: pixels -= 1
        }
        guard let group = entry.pixelGroup, let count = pixelsByGroup[group] else { return }
        pixelsByGroup[group] = count > 1 ? count - 1 : nil
    }

    /// Drops the oldest entries of each kind over `capacity` from `entries`; returns how many.
    static func trim(_ entries: inout [QueuedEntry], capacity: Int) -> Int {
        let tally = QueueTally(entries)
        var excess = (events: max(0, tally.events - capacity), pixels: max(0, tally.pixels - capacity))
        guard excess.events > 0 || excess.pixels > 0 else { return 0 }
        let before = entries.count
        entries.removeAll { entry in
            switch entry.kind {
            case .event where excess.events > 0:
                excess.events -= 1
                return true
            case .pixel where excess.pixels > 0:
                excess.pixels -= 1
                return true
            default:
                return false
            }
        }
        return before - entries.count
    }
}
