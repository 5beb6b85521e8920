/// The queue being rebuilt from its snapshot and journal lines, indexed by entry id so that each
/// line costs the same whatever the queue holds: a journal is outside bytes (a damaged or planted
/// file), and replaying it must stay linear in its size (scanning the list per line made a 1 MiB
/// journal cost seconds). The meaning of each line is `QueueJournalLine`'s: an add is ignored
/// while its id is queued, a removal takes every entry of its ids, refusal counts and the drop
/// count are absolute.
struct QueueReplay {
    /// The entries in queue order; `nil` where one was removed (compacted in `snapshot`).
    private var slots: [QueuedEntry?]
    /// Where each queued id stands in `slots` (more than one place only in a snapshot that held
    /// the same id twice, which a removal takes whole, as the list would).
    private var positions: [String: [Int]] = [:]
    private var droppedCount: Int
    private let version: Int

    /// Starts from `snapshot`.
    init(_ snapshot: QueueSnapshot) {
        slots = snapshot.entries
        droppedCount = snapshot.droppedCount
        version = snapshot.version
        for (index, entry) in snapshot.entries.enumerated() {
            positions[entry.id, default: []].append(index)
        }
    }

    /// Applies one line's change.
    mutating func apply(_ line: QueueJournalLine) {
        if let entry = line.add, entry.isWellFormed, positions[entry.id] == nil {
            positions[entry.id] = [slots.count]
            slots.append(entry)
        }
        for id in line.remove ?? [] {
            for index in positions.removeValue(forKey: id) ?? [] { slots[index] = nil }
        }
        for (id, count) in line.refusals ?? [:] {
            for index in positions[id] ?? [] { slots[index]?.refusals = max(0, count) }
        }
        if let dropped = line.dropped {
            droppedCount = min(max(droppedCount, dropped), Int.max / 2)
        }
    }

    /// The queue as the lines left it.
    var snapshot: QueueSnapshot {
        QueueSnapshot(version: version, droppedCount: droppedCount, entries: slots.compactMap { $0 })
    }
}
