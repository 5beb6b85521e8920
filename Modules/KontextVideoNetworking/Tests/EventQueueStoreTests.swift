import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

@Suite("EventQueueStore: the queue file on disk")
struct EventQueueStoreTests {
    func entry(_ n: Int) -> QueuedEntry {
        QueuedEntry(.event(.impression(adId: "ad-\(n)", format: .overlay)), sessionId: "s")
    }

    @Test("an entry is on disk as soon as it is appended, and a new store reads it back")
    func durable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = EventQueueStore(directory: directory.url, capacity: 10, events: EventLog())
        let first = entry(1), pixel = QueuedEntry(.pixel(URL(string: "https://t.example/p?e=start")!), sessionId: nil)
        store.append(first)
        store.append(pixel)
        let raw = try json(Data(contentsOf: directory.url.appendingPathComponent("queue.json")))
        guard case .object(let file) = raw, case .array(let entries)? = file["entries"] else {
            Issue.record("unexpected file \(raw)")
            return
        }
        #expect(entries.count == 2)
        let reopened = EventQueueStore(directory: directory.url, capacity: 10, events: EventLog())
        #expect(reopened.entries == [first, pixel])
        reopened.remove(ids: [first.id])
        #expect(EventQueueStore(directory: directory.url, capacity: 10, events: EventLog()).entries == [pixel])
    }

    @Test("bounded: the oldest entries are dropped and the count persists")
    func bounded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = EventQueueStore(directory: directory.url, capacity: 3, events: EventLog())
        let entries = (0..<5).map(entry)
        for entry in entries { store.append(entry) }
        #expect(store.entries == Array(entries.suffix(3)))
        #expect(store.droppedCount == 2)
        let reopened = EventQueueStore(directory: directory.url, capacity: 3, events: EventLog())
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
        let log = EventLog()
        let store = EventQueueStore(directory: directory.url, capacity: 10, events: log)
        #expect(store.count == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        let quarantined = names.filter { $0.hasPrefix("queue.corrupt-") && $0.hasSuffix(".json") }
        #expect(quarantined.count == 1)
        if let name = quarantined.first {
            #expect(try Data(contentsOf: directory.url.appendingPathComponent(name)) == Data(content.utf8))
        }
        let report = try #require(log.events(.error, named: "event queue corrupt").first)
        #expect(report.attributes["movedTo"] == quarantined.first)
        store.append(entry(1))
        #expect(EventQueueStore(directory: directory.url, capacity: 10, events: EventLog()).count == 1)
    }

    @Test("a missing directory is created")
    func createsDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nested = directory.url.appendingPathComponent("a/b", isDirectory: true)
        EventQueueStore(directory: nested, capacity: 10, events: EventLog()).append(entry(1))
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("queue.json").path))
    }
}
