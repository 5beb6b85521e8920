import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTestSupport
import Testing

/// Every file the SDK reads back (`destination.json`, the queue's snapshot and journal,
/// `install-id`) can be damaged or planted: each such file is moved aside (bounded), reported,
/// and never makes a launch trap. The files are written on disk as a hostile hand would.
@Suite("Hostile files: moved aside, reported, never a trap")
struct HostileFilesTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let server = URL(string: "http://127.0.0.1:9001")!
    let otherServer = URL(string: "http://127.0.0.1:9002")!
    /// 2027-01-15.
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func launch(_ storage: URL, server: URL, token: String = "acme-dev", transport: any HTTPTransport = ScriptedTransport([])) -> EventPipeline {
        var environment = testEnvironment(serverURL: server)
        environment.publisherToken = token
        let now = self.now
        return EventPipeline(storage: storage, transport: transport, clock: clock, environment: environment, installId: { testInstallId },
                             sessionId: { "s-1" }, events: log, wallClock: { now })
    }

    func base(_ storage: URL, _ server: URL) -> URL {
        EventQueueDirectory.base(forServer: EventDestination.normalizedServer(server), storage: storage)
    }

    /// A queue directory of `server` holding one event queued under `token`, and `record` as its
    /// `destination.json`, written byte for byte.
    func plantQueue(_ storage: URL, server: URL, token: String, record: String) throws {
        // Claimed and released, as a process that queued there and ended leaves it.
        let claim = try #require(EventQueueDirectory.claim(base: base(storage, server)))
        defer { claim.release() }
        let directory = claim.directory
        let store = EventQueueStore(directory: directory, capacity: 10, events: log)
        let destination = EventDestination(serverURL: server, publisherToken: token)
        store.append(QueuedEntry(.event(.impression(adId: "ad-1", format: .overlay)), id: UUID(), sessionId: "s", destination: destination, queuedAt: Date()))
        store.close()
        try Data(record.utf8).write(to: directory.appendingPathComponent(DestinationRecord.fileName))
    }

    static let hugeTimes: [String] = ["-9223372036854775808", "9223372036854775807", "-9223372036854775807", "253402300800000"]

    @Test("a planted time in another server's destination.json never traps the sweep", arguments: hugeTimes)
    func plantedTimeInAnotherServersRecord(time: String) async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        try plantQueue(storage.url, server: otherServer, token: "acme-dev",
                       record: #"{"server": "http://127.0.0.1:9002", "configured": {"acme-dev": \#(time)}}"#)
        let pipeline = launch(storage.url, server: server)
        await pipeline.stop()
        let otherBase = base(storage.url, otherServer)
        if time.hasPrefix("-") {
            // Long past: the other server's queue expired, reported.
            #expect(!FileManager.default.fileExists(atPath: otherBase.path))
            #expect(log.events(.beacon, named: .queuedEntriesExpired).count == 1)
        } else {
            // In the future: it counts from now, written down, so the 7 days run out one day.
            let record = try #require(DestinationRecord.read(in: otherBase))
            #expect(record.configured["acme-dev"] == DestinationRecord.milliseconds(now))
            #expect(log.events(.beacon, named: .queuedEntriesExpired).isEmpty)
        }
    }

    @Test("a planted time in the own queue's destination.json never traps the launch", arguments: hugeTimes)
    func plantedTimeInOwnRecord(time: String) async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        // The entry was queued under a token the launch no longer uses.
        try plantQueue(storage.url, server: server, token: "acme-old",
                       record: #"{"server": "http://127.0.0.1:9001", "configured": {"acme-old": \#(time)}}"#)
        let pipeline = launch(storage.url, server: server)
        let expired = time.hasPrefix("-")
        #expect(await pipeline.pendingCount == (expired ? 0 : 1))
        await pipeline.stop()
        let record = try #require(DestinationRecord.read(in: base(storage.url, server)))
        #expect(record.configured.values.allSatisfy { $0 <= DestinationRecord.milliseconds(now) })
    }

    @Test("milliseconds of any Date and retention of any Int64 are defined")
    func boundedArithmetic() {
        for date in [Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: -.infinity),
                     Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300),
                     Date.distantFuture, Date.distantPast] {
            #expect(DestinationRecord.timeRange.contains(DestinationRecord.milliseconds(date)))
        }
        #expect(DestinationRecord.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(QueueRetention.isPast(.min, now: now))
        #expect(!QueueRetention.isPast(.max, now: now))
        #expect(QueueRetention.isPast(.min, now: Date(timeIntervalSince1970: .infinity)))
        #expect(!QueueRetention.isPast(.max, now: Date(timeIntervalSince1970: -.infinity)))
    }

    @Test("a destination.json that is no record is moved aside and reported; copies are bounded", arguments: [
        "{not json", #"{"server": 3, "configured": {}}"#, #"{"server": "s", "configured": {"t": 1e300}}"#,
        #"{"server": "s", "configured": {"t": "x"}}"#, "\u{FF}\u{FE}",
    ])
    func damagedRecord(content: String) async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let directory = base(storage.url, server)
        for launchNumber in 1...5 {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(content.utf8).write(to: directory.appendingPathComponent(DestinationRecord.fileName))
            let pipeline = launch(storage.url, server: server)
            await pipeline.stop()
            let copies = StoredFileQuarantine.copies(of: directory.appendingPathComponent(DestinationRecord.fileName))
            #expect(copies.count == min(launchNumber, StoredFileQuarantine.kept))
            #expect(copies.allSatisfy { $0.lastPathComponent.hasPrefix("destination.corrupt-") && $0.pathExtension == "json" })
            #expect(DestinationRecord.read(in: directory)?.server == "http://127.0.0.1:9001", "a fresh record replaced it")
        }
        let reports = log.events(.error, named: .queueCorrupt)
        #expect(reports.count == 5)
        #expect(reports.allSatisfy { $0.attributes["file"] == DestinationRecord.fileName && $0.attributes["movedTo"] != nil })
    }

    @Test("invalid UTF-8 bytes in destination.json are moved aside")
    func invalidUTF8Record() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let directory = base(storage.url, server)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data([0x7B, 0x22, 0xC3, 0x28, 0xFF, 0x22, 0x7D]).write(to: directory.appendingPathComponent(DestinationRecord.fileName))
        let pipeline = launch(storage.url, server: server)
        await pipeline.stop()
        #expect(log.events(.error, named: .queueCorrupt).count == 1)
    }

    @Test("a destination.json larger than its limit is moved aside unread")
    func hugeRecord() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let directory = base(storage.url, server)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let padding = String(repeating: " ", count: DestinationRecord.sizeLimit)
        try Data(#"{"server": "s", "configured": {}}\#(padding)"#.utf8).write(to: directory.appendingPathComponent(DestinationRecord.fileName))
        let pipeline = launch(storage.url, server: server)
        await pipeline.stop()
        let report = try #require(log.events(.error, named: .queueCorrupt).first)
        #expect(report.attributes["reason"]?.contains("larger than") == true)
    }

    @Test("an install-id that is no UUID is moved aside, reported and replaced", arguments: [
        Data("garbage".utf8), Data([0xFF, 0xFE, 0x00, 0xC3]), Data(repeating: 0x41, count: 4096),
        Data("5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11x".utf8), Data(),
    ])
    func damagedInstallId(content: Data) throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let file = storage.url.appendingPathComponent(InstallIdentifier.fileName)
        try content.write(to: file)
        let id = InstallIdentifier.load(storageDirectory: storage.url, defaults: try freshDefaults(), events: log)
        #expect(try String(contentsOf: file, encoding: .utf8) == id.lowercasedString)
        let copies = StoredFileQuarantine.copies(of: file)
        #expect(copies.count == 1)
        #expect(try copies.first.map { try Data(contentsOf: $0) } == content)
        let report = try #require(log.events(.error, named: .queueCorrupt).first)
        #expect(report.attributes["file"] == InstallIdentifier.fileName)
    }

    @Test("a queue snapshot larger than the limit is moved aside, unread, and a fresh queue starts")
    func hugeSnapshot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent(EventQueueStore.fileName)
        // Sparse: the test writes no 64 MiB, and the reader reads at most one byte past the limit.
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(EventQueueStore.fileSizeLimit) + 1)
        try handle.close()
        let store = EventQueueStore(directory: directory.url, capacity: 10, events: log)
        #expect(store.count == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let report = try #require(log.events(.error, named: .queueCorrupt).first)
        #expect(report.attributes["reason"]?.contains("larger than") == true)
    }

    @Test("journal lines with huge numbers, wrong types and invalid UTF-8 are skipped, never a trap")
    func hostileJournalLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = [
            #"{"dropped": 9223372036854775807}"#,
            #"{"dropped": 99999999999999999999999}"#,
            #"{"refusals": {"a": -9223372036854775808}}"#,
            #"{"add": {"id": "a", "kind": "event", "event": 3}}"#,
            #"{"add": {"id": "b", "kind": "pixel", "url": "https://t.example/p", "refusals": 9223372036854775807}}"#,
            #"{"remove": [1, 2]}"#,
        ].map { Data($0.utf8) } + [Data([0x7B, 0xFF, 0xFE, 0x7D])]
        var journal = Data()
        for line in lines { journal.append(line); journal.append(0x0A) }
        try journal.write(to: directory.url.appendingPathComponent(EventQueueStore.journalName))
        let store = EventQueueStore(directory: directory.url, capacity: 10, events: log)
        #expect(store.entries.map(\.id) == ["b"])
        #expect(store.droppedCount <= Int.max / 2)
        store.adopt([], droppedCount: .max)
        #expect(store.droppedCount <= Int.max / 2)
        #expect(store.recordRefusal(ids: ["b"], limit: 5).map(\.id) == ["b"])
    }
}
