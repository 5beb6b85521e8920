import KontextVideoTestSupport
import Foundation
@testable import KontextVideoJournal
import Testing

/// The replay of a queue's files is indexed by id (linear in the journal's size); these tests hold
/// it to the meaning of each line as the plain list model below gives it, over real files.
@Suite("QueueReplay: a queue read back from its snapshot and journal")
struct QueueReplayTests {
    /// The meaning of journal lines, applied to a plain list one line at a time (the quadratic
    /// reading the replay replaced): the reference the indexed replay must agree with.
    struct ListModel {
        var entries: [QueuedEntry]
        var dropped: Int

        mutating func apply(_ line: QueueJournalLine) {
            if let entry = line.add, entry.isWellFormed, !entries.contains(where: { $0.id == entry.id }) {
                entries.append(entry)
            }
            if let remove = line.remove {
                entries.removeAll { Set(remove).contains($0.id) }
            }
            if let refusals = line.refusals {
                for index in entries.indices {
                    if let count = refusals[entries[index].id] { entries[index].refusals = max(0, count) }
                }
            }
            if let value = line.dropped { dropped = min(max(dropped, value), Int.max / 2) }
        }
    }

    static func entry(_ id: String) -> QueuedEntry {
        pixelEntry("https://t.example/p?id=\(id)", id: id, sessionId: "s")
    }

    /// A random line over a small pool of ids, so adds, re-adds, removals and refusals of the
    /// same ids meet.
    static func randomLine(using random: inout SeededGenerator) -> QueueJournalLine {
        let id = { (random: inout SeededGenerator) in "e\(Int.random(in: 0..<12, using: &random))" }
        var line = QueueJournalLine()
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: line.add = entry(id(&random))
        case 5..<7: line.remove = (0..<Int.random(in: 1...3, using: &random)).map { _ in id(&random) }
        case 7..<9: line.refusals = [id(&random): Int.random(in: -1...4, using: &random)]
        default: line.dropped = Int.random(in: 0...5, using: &random)
        }
        return line
    }

    @Test("a snapshot plus 400 random lines reads back as the list model gives it, for 50 sequences")
    func agreesWithTheListModel() throws {
        var random = SeededGenerator(seed: 2026_12_01)
        for sequence in 0..<50 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // A snapshot that holds one id twice (damage): a removal takes both, as the list does.
            let start = [Self.entry("e1"), Self.entry("e2"), Self.entry("e1")]
            var model = ListModel(entries: start, dropped: 1)
            let snapshot = QueueSnapshot(version: QueueSnapshot.currentVersion, droppedCount: 1, entries: start)
            try snapshot.data.write(to: directory.url.appendingPathComponent(EventQueueStore.fileName))
            var journal: [UInt8] = []
            for _ in 0..<400 {
                let line = Self.randomLine(using: &random)
                model.apply(line)
                journal += line.jsonLine() + [0x0A]
            }
            try Data(journal).write(to: directory.url.appendingPathComponent(EventQueueStore.journalName))

            let stored = try #require(EventQueueStore.stored(in: directory.url, capacity: 1000))
            #expect(stored.entries == model.entries, "sequence \(sequence)")
            #expect(stored.droppedCount == model.dropped, "sequence \(sequence)")
        }
    }

    @Test("an id removed and added again is queued again, at the end; a refusal count applies to what is queued")
    func reAddAndRefusals() throws {
        var replay = QueueReplay(.empty)
        replay.apply(QueueJournalLine(add: Self.entry("a")))
        replay.apply(QueueJournalLine(add: Self.entry("b")))
        replay.apply(QueueJournalLine(add: Self.entry("a")))      // ignored: "a" is queued
        replay.apply(QueueJournalLine(remove: ["a"]))
        replay.apply(QueueJournalLine(refusals: ["a": 3, "b": 2]))  // "a" is gone: only "b" counts
        replay.apply(QueueJournalLine(add: Self.entry("a")))
        let entries = replay.snapshot.entries
        #expect(entries.map(\.id) == ["b", "a"])
        #expect(entries.map(\.refusals) == [2, nil])
    }
}
