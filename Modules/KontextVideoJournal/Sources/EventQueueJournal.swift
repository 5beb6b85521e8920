import Foundation

/// The queue's on-disk format: the snapshot (`queue.json`) and the journal lines appended since
/// (`queue.journal`), as `PROTOCOL.md` (*The durable pipeline*) writes them down.
///
/// The format is tolerant rather than versioned per field: an entry's members are all read by
/// name and unknown ones are ignored, so entries of 0.1.0 (no `server`, no `publisherToken`)
/// read as entries without a destination, and a later member added to an entry does not make
/// an older queue unreadable. The snapshot's `version` changes only when the meaning of a
/// document changes; a snapshot of another version is quarantined.
struct QueueSnapshot: Decodable {
    /// The snapshot format's version.
    static let currentVersion = 1

    var version: Int
    var droppedCount: Int
    var entries: [QueuedEntry]

    /// An empty queue.
    static var empty: QueueSnapshot {
        QueueSnapshot(version: currentVersion, droppedCount: 0, entries: [])
    }

    /// The snapshot as the file holds it: one JSON object, its entries written as the journal
    /// writes them (each event's bytes as they were queued).
    func json() -> [UInt8] {
        var storage: [UInt8] = []
        var writer = JSONLineWriter(reusing: &storage)
        writer.raw(#"{"droppedCount":"#)
        writer.integer(droppedCount)
        writer.raw(#","entries":["#)
        for (index, entry) in entries.enumerated() {
            if index > 0 { writer.raw(0x2C) }
            entry.write(to: &writer)
        }
        writer.raw(#"],"version":"#)
        writer.integer(version)
        writer.raw(0x7D)
        return writer.takeBytes()
    }
}

/// One journal line: exactly one change. Lines are idempotent (an entry is added once by id;
/// removals, refusal counts and the drop count are absolute), so replaying a line over a
/// snapshot that already holds it changes nothing.
struct QueueJournalLine: Decodable {
    /// An entry added at the end (ignored when its id is already queued).
    var add: QueuedEntry?
    /// Entries removed, by id.
    var remove: [String]?
    /// Refusal counts, absolute, by id.
    var refusals: [String: Int]?
    /// The drop count, absolute.
    var dropped: Int?

    /// Writes the line as JSON (no newline) into `writer`.
    func write(to writer: inout JSONLineWriter) {
        // The common line, one entry added, is written straight; the rest through `object(_:)`.
        if let add, remove == nil, refusals == nil, dropped == nil {
            writer.raw(#"{"add":"#)
            add.write(to: &writer)
            writer.raw(0x7D)
            return
        }
        writer.object { line in
            if let add { line.member("add") { add.write(to: &$0) } }
            if let remove {
                line.member("remove") { $0.array { ids in for id in remove { ids.element { $0.string(id) } } } }
            }
            if let refusals {
                line.member("refusals") {
                    $0.object { counts in
                        for id in refusals.keys.sorted() { counts.member(id) { $0.integer(refusals[id]!) } }
                    }
                }
            }
            if let dropped { line.member("dropped") { $0.integer(dropped) } }
        }
    }
}
