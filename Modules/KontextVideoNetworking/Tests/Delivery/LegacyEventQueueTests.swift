import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTestSupport
import Testing

/// An install of 0.1.0 upgraded where the storage is the app's own (iOS, tvOS): the storage
/// directory does not move, the install id stays, and every event and pixel 0.1.0 queued is
/// kept and delivered to the destination the app configures. The files are written here as
/// 0.1.0 wrote them (its snapshot, its journal lines, a second process's sibling queue).
@Suite("The queue of 0.1.0, migrated in place")
struct LegacyEventQueueTests {
    let log = RecordingEventMonitor()
    static let installId = "0b7e0d52-7d33-4b9e-8d4e-2f1b6a3c9e10"
    static let ids = (
        first: "1a6f3c0e-0000-4000-8000-000000000001", pixel: "1a6f3c0e-0000-4000-8000-000000000002",
        second: "1a6f3c0e-0000-4000-8000-000000000003", third: "1a6f3c0e-0000-4000-8000-000000000004",
        removed: "1a6f3c0e-0000-4000-8000-000000000005"
    )

    static func event(_ id: String, adId: String) -> String {
        #"{"eventId": "\#(id)", "type": "impression", "adId": "\#(adId)", "format": "overlay", "timestamp": "2026-12-01T10:00:00.000Z", "playhead": 3, "data": {}}"#
    }

    /// `<storage>/install-id`, `<storage>/events` (snapshot and journal) and `<storage>/events-2`
    /// (a journal only), each with the `.lock` file 0.1.0 created.
    func writeInstallOf010(in storage: URL) throws {
        let events = storage.appendingPathComponent("events")
        let sibling = storage.appendingPathComponent("events-2")
        for directory in [events, sibling] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data().write(to: directory.appendingPathComponent(".lock"))
        }
        try Data(Self.installId.utf8).write(to: storage.appendingPathComponent("install-id"))
        let ids = Self.ids
        try Data("""
        {"version": 1, "droppedCount": 2, "entries": [
          {"id": "\(ids.first)", "kind": "event", "event": \(Self.event(ids.first, adId: "ad-1")), "sessionId": "s-old"},
          {"id": "\(ids.pixel)", "kind": "pixel", "url": "http://127.0.0.1:9001/pixel/ad-1/impression"},
          {"id": "\(ids.removed)", "kind": "event", "event": \(Self.event(ids.removed, adId: "ad-9")), "sessionId": "s-old"}
        ]}
        """.utf8).write(to: events.appendingPathComponent("queue.json"))
        try Data("""

        {"add": {"id": "\(ids.second)", "kind": "event", "event": \(Self.event(ids.second, adId: "ad-2")), "sessionId": "s-old"}}

        {"remove": ["\(ids.removed)"]}

        {"refusals": {"\(ids.first)": 2}}

        """.utf8).write(to: events.appendingPathComponent("queue.journal"))
        try Data("""

        {"add": {"id": "\(ids.third)", "kind": "event", "event": \(Self.event(ids.third, adId: "ad-3")), "sessionId": "s-other"}}

        """.utf8).write(to: sibling.appendingPathComponent("queue.journal"))
    }

    @Test("every entry 0.1.0 queued is kept, bound to the configured destination, and delivered there once")
    func migratedInPlace() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        try writeInstallOf010(in: storage.url)
        let transport = ScriptedTransport([], then: .status(200))
        let client = AdServerClient(
            environment: testEnvironment(serverURL: URL(string: "http://127.0.0.1:9001")!), clock: TestClock(),
            transport: transport, storageDirectory: storage.url, defaults: try freshDefaults(), events: log)
        #expect(client.identity.snapshot?.lowercasedString == Self.installId, "the install id stays")

        let ids = Self.ids
        let pending = await client.pipeline.pendingEntries
        #expect(pending.map(\.id) == [ids.first, ids.pixel, ids.second, ids.third])
        #expect(pending.allSatisfy { $0.server == "http://127.0.0.1:9001" && $0.publisherToken == "acme-dev" })
        #expect(pending.first?.refusals == 2)
        #expect(await client.pipeline.droppedCount == 2)
        for legacy in ["events", "events-2"] {
            #expect(!FileManager.default.fileExists(atPath: storage.url.appendingPathComponent(legacy).path))
        }
        #expect(log.events(.beacon, named: .queueMigrated).map { $0.attributes["count"] } == ["4"])

        #expect(await client.pipeline.flush())
        await client.pipeline.stop()
        let posts = transport.requests.filter { $0.httpMethod == "POST" }
        let bodies = try posts.map { try json($0.httpBody ?? Data()) }
        #expect(bodies.map { $0.field("sessionId") } == [.string("s-old"), .string("s-other")])
        #expect(bodies.map { $0.field("events")?.array?.count } == [2, 1])
        #expect(posts.allSatisfy { $0.value(forHTTPHeaderField: "Kontextso-Publisher-Token") == "acme-dev" })
        #expect(bodies.allSatisfy { $0.field("installId") == .string(Self.installId) })
        #expect(transport.requests.filter { $0.httpMethod == "GET" }.map(\.url?.path) == ["/pixel/ad-1/impression"])

        let next = AdServerClient(
            environment: testEnvironment(serverURL: URL(string: "http://127.0.0.1:9001")!), clock: TestClock(),
            transport: ScriptedTransport([]), storageDirectory: storage.url, defaults: try freshDefaults(), events: log)
        #expect(await next.pipeline.pendingCount == 0, "delivered once, migrated once")
        await next.pipeline.stop()
    }

    @Test("a 0.1.0 queue a live process still owns is left to it")
    func aLiveOwnerKeepsItsQueue() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        try writeInstallOf010(in: storage.url)
        let owner = try #require(DirectoryLock(directory: storage.url.appendingPathComponent("events")))
        let pipeline = EventPipeline(
            storage: storage.url, transport: ScriptedTransport([]), clock: TestClock(),
            environment: testEnvironment(), installId: { testInstallId }, events: log)
        #expect(await pipeline.pendingEntries.map(\.id) == [Self.ids.third], "only the sibling nobody owns")
        #expect(EventQueueStore.stored(in: owner.directory)?.entries.count == 3)
        await pipeline.stop()
        owner.release()
    }
}
