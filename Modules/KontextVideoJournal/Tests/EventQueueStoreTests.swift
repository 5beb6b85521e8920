import Foundation
@testable import KontextVideoJournal
import KontextVideoTestSupport
import Testing

@Suite("EventQueueStore: the queue file on disk")
struct EventQueueStoreTests {
    func entry(_ n: Int) -> QueuedEntry {
        eventEntry("ad-\(n)")
    }

    @Test("an entry is on disk as soon as it is appended, and a new store reads it back")
    func durable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 10)
        let first = entry(1), pixel = pixelEntry("https://t.example/p?e=start")
        store.append(first)
        store.append(pixel)
        // Both are in the journal, one line each, before anything is sent.
        let lines = try String(decoding: Data(contentsOf: directory.url.appendingPathComponent(EventQueueStore.journalName)), as: UTF8.self)
            .split(separator: "\n").map { try json(Data($0.utf8)) }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { if case .object(let line) = $0 { line["add"] != nil } else { false } })
        let reopened = openStore(directory.url, capacity: 10)
        #expect(reopened.entries == [first, pixel])
        reopened.remove(ids: [first.id])
        #expect(openStore(directory.url, capacity: 10).entries == [pixel])
    }

    @Test("bounded: the oldest entries are dropped and the count persists")
    func bounded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 3)
        let entries = (0..<5).map(entry)
        for entry in entries { store.append(entry) }
        #expect(store.entries == Array(entries.suffix(3)))
        #expect(store.droppedCount == 2)
        let reopened = openStore(directory.url, capacity: 3)
        #expect(reopened.droppedCount == 2)
        #expect(reopened.entries.count == 3)
    }

    @Test("a corrupt file is moved aside, reported, and a fresh queue starts", arguments: [
        "{not json", "", #"{"version": 99, "droppedCount": 0, "entries": []}"#, #"{"entries": "x"}"#,
    ])
    func corrupt(content: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("queue.json")
        try Data(content.utf8).write(to: file)
        let log = ProblemLog()
        let store = openStore(directory.url, capacity: 10, log: log)
        #expect(store.count == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        let quarantined = names.filter { $0.hasPrefix("queue.corrupt-") && $0.hasSuffix(".json") }
        #expect(quarantined.count == 1)
        if let name = quarantined.first {
            #expect(try Data(contentsOf: directory.url.appendingPathComponent(name)) == Data(content.utf8))
        }
        let report = try #require(log.problems(.corrupt).first)
        #expect(report.attributes["movedTo"] == quarantined.first)
        store.append(entry(1))
        #expect(openStore(directory.url, capacity: 10).count == 1)
    }

    @Test("a missing directory is created")
    func createsDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nested = directory.url.appendingPathComponent("a/b", isDirectory: true)
        openStore(nested, capacity: 10).append(entry(1))
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent(EventQueueStore.journalName).path))
    }

    @Test("the journal is folded into the snapshot once it is as long as the queue, and nothing changes by it")
    func compaction() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 1000)
        let entries = (0..<150).map(entry)
        for entry in entries { store.append(entry) }
        store.remove(ids: Set(entries.prefix(10).map(\.id)))
        // Appends never fold on their own thread: the fold they made due runs in the background.
        store.waitForScheduledFolds()
        let journal = (try? Data(contentsOf: directory.url.appendingPathComponent(EventQueueStore.journalName))) ?? Data()
        let journalLines = journal.split(separator: 0x0A).count
        #expect(journalLines <= max(EventQueueStore.compactionFloor, 150), "folded at least once: \(journalLines) lines left")
        #expect(journalLines < 161, "161 changes were made")
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(EventQueueStore.fileName).path))
        #expect(openStore(directory.url, capacity: 1000).entries == Array(entries.dropFirst(10)))
    }

    @Test("a torn last journal line (a crash mid-append) is ignored; the lines before it count")
    func tornTail() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 10)
        let (first, second) = (entry(1), entry(2))
        store.append(first)
        store.append(second)
        let journal = directory.url.appendingPathComponent(EventQueueStore.journalName)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"add":{"id":"torn","kin"#.utf8))
        try handle.close()
        let log = ProblemLog()
        let reopened = openStore(directory.url, capacity: 10, log: log)
        #expect(reopened.entries == [first, second])
        #expect(log.problems(.journalDamaged).isEmpty, "a torn tail is expected after a crash")
    }

    @Test("journal lines replayed over a snapshot that already holds them change nothing")
    func replayIsIdempotent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 3)
        let entries = (0..<5).map(entry)
        for entry in entries { store.append(entry) }
        _ = store.recordRefusal(ids: [entries[4].id], limit: 5)
        let journal = directory.url.appendingPathComponent(EventQueueStore.journalName)
        let stale = try Data(contentsOf: journal)
        // A crash after the snapshot was written but before the journal was cleared: the new
        // store folds everything into a snapshot, then the old lines come back.
        let folded = openStore(directory.url, capacity: 3)
        try stale.write(to: journal)
        let reopened = openStore(directory.url, capacity: 3)
        #expect(reopened.entries.map(\.id) == folded.entries.map(\.id))
        #expect(reopened.entries.last?.refusals == 1)
        #expect(reopened.droppedCount == 2)
    }

    @Test("a damaged line in the middle of the journal is skipped and reported; the lines after it still count")
    func damagedMiddleLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 10)
        let (first, second) = (entry(1), entry(2))
        store.append(first)
        let journal = directory.url.appendingPathComponent(EventQueueStore.journalName)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"add":{"id":"torn","kin"#.utf8))
        try handle.close()
        store.append(second)
        let log = ProblemLog()
        let reopened = openStore(directory.url, capacity: 10, log: log)
        #expect(reopened.entries == [first, second], "the append after the torn line was not glued onto it")
        #expect(!log.problems(.journalDamaged).isEmpty)
    }

    @Test("a fold sets the journal aside: lines appended meanwhile go to a fresh one, and every journal replays in order")
    func foldKeepsLaterAppends() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = openStore(directory.url, capacity: 1000)
        let entries = (0..<70).map(entry)
        for entry in entries.prefix(64) { store.append(entry) }
        store.waitForScheduledFolds()
        for entry in entries.dropFirst(64) { store.append(entry) }
        store.remove(ids: [entries[0].id])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.hasPrefix(EventQueueStore.foldedJournalPrefix) }, "a finished fold leaves no journal aside")
        #expect(EventQueueStore.stored(in: directory.url)?.entries == Array(entries.dropFirst()))
    }

    @Test("a crash between setting a journal aside and writing the snapshot loses nothing")
    func crashMidFold() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (first, second, third) = (entry(1), entry(2), entry(3))
        func line(_ json: String) -> String { json + "\n" }
        func add(_ entry: QueuedEntry) throws -> String {
            String(decoding: QueueJournalLine(add: entry).jsonLine(), as: UTF8.self)
        }
        // Set aside (`queue.journal.4`, then `.5`), not yet folded; the active journal came after.
        try Data((line(try add(first)) + line(try add(second))).utf8)
            .write(to: directory.url.appendingPathComponent(EventQueueStore.foldedJournalPrefix + "4"))
        try Data(line(#"{"remove":["\#(first.id)"]}"#).utf8)
            .write(to: directory.url.appendingPathComponent(EventQueueStore.foldedJournalPrefix + "5"))
        try Data(line(try add(third)).utf8).write(to: directory.url.appendingPathComponent(EventQueueStore.journalName))
        let reopened = openStore(directory.url, capacity: 10)
        #expect(reopened.entries == [second, third])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.hasPrefix(EventQueueStore.foldedJournalPrefix) }, "folded into one snapshot at load")
    }
}
