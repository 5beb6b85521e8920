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

/// Every queued entry reaches only its own destination: the server it was queued for, under the
/// token it was queued with. Launches are pipelines opened one after the other over one storage
/// directory; the transport records where each request went.
@Suite("EventPipeline: every entry reaches only its own server, under its own token")
struct EventPipelineDestinationTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let serverA = URL(string: "http://127.0.0.1:9001")!
    let serverB = URL(string: "http://127.0.0.1:9002")!
    /// 2027-01-15, the wall clock of the first launch.
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let day: TimeInterval = 86_400

    func launch(_ storage: URL, server: URL, token: String = "acme-dev", transport: any HTTPTransport,
                session: String = "s-1", now: Date? = nil) -> EventPipeline {
        var environment = testEnvironment(serverURL: server)
        environment.publisherToken = token
        let now = now ?? start
        return EventPipeline(
            storage: storage, transport: transport, clock: clock, environment: environment, installId: { testInstallId },
            sessionId: { session }, events: log, wallClock: { now })
    }

    /// A network that is down: nothing is delivered.
    func offline() -> ScriptedTransport { ScriptedTransport([], then: .fail(.notConnectedToInternet)) }
    /// A server that takes everything.
    func online() -> ScriptedTransport { ScriptedTransport([], then: .status(200)) }

    func eventIds(_ request: URLRequest) throws -> [String] {
        let body = try json(request.httpBody ?? Data())
        return body.field("events")?.array?.compactMap { event in
            guard case .string(let id)? = event.field("eventId") else { return nil }
            return id
        } ?? []
    }

    func events(_ count: Int, prefix: String) -> [ServerEvent] {
        (0..<count).map { .impression(adId: "\(prefix)-\($0)", format: .overlay) }
    }

    /// Queues `events` in `pipeline`; their ids, in order.
    func submit(_ events: [ServerEvent], to pipeline: EventPipeline) -> [String] {
        events.map { pipeline.submit(.event($0)) }
    }

    func storedEntries(_ storage: URL, server: URL) -> [QueuedEntry]? {
        EventQueueStore.stored(in: EventQueueDirectory.base(forServer: EventDestination.normalizedServer(server), storage: storage))?.entries
    }

    @Test("queued for server A, a launch configured for B sends B nothing of A's; A configured again gets them, once")
    func anotherServerNeverGetsTheEntries() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let ofA = events(3, prefix: "a")
        let first = launch(storage.url, server: serverA, transport: offline())
        let idsOfA = submit(ofA, to: first)
        first.submit(.pixel(URL(string: "http://127.0.0.1:9001/pixel/a-0/impression")!))
        #expect(await first.flush() == false)
        await first.stop()

        let toB = online()
        let second = launch(storage.url, server: serverB, transport: toB)
        #expect(await second.pendingCount == 0, "B's queue holds nothing of A's")
        let ofB = events(2, prefix: "b")
        let idsOfB = submit(ofB, to: second)
        #expect(await second.flush())
        await second.stop()
        #expect(toB.requests.allSatisfy { $0.url?.port == 9002 })
        #expect(try toB.requests.flatMap(eventIds) == idsOfB)
        #expect(storedEntries(storage.url, server: serverA)?.count == 4, "A's entries wait in A's queue")

        let toA = online()
        let third = launch(storage.url, server: serverA, transport: toA)
        #expect(await third.pendingCount == 4)
        #expect(await third.flush())
        await third.stop()
        #expect(toA.requests.allSatisfy { $0.url?.port == 9001 })
        #expect(try toA.requests.filter { $0.httpMethod == "POST" }.flatMap(eventIds) == idsOfA)
        #expect(toA.requests.filter { $0.httpMethod == "GET" }.map(\.url?.path) == ["/pixel/a-0/impression"])

        let fourth = launch(storage.url, server: serverA, transport: ScriptedTransport([]))
        #expect(await fourth.pendingCount == 0, "delivered once")
        await fourth.stop()
        #expect(log.events(.beacon, named: .queuedEntriesExpired).isEmpty)
    }

    @Test("after a token change, entries of the old token go to the same server under the old token, never relabelled")
    func tokenChange() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let old = events(2, prefix: "old")
        let before = launch(storage.url, server: serverA, token: "acme-2026", transport: offline(), session: "s-old")
        let idsOfOld = submit(old, to: before)
        #expect(await before.flush() == false)
        await before.stop()

        let transport = online()
        let after = launch(storage.url, server: serverA, token: "acme-2027", transport: transport, session: "s-new")
        let new = events(1, prefix: "new")
        let idsOfNew = submit(new, to: after)
        #expect(await after.flush())
        await after.stop()
        let posts = transport.requests.filter { $0.httpMethod == "POST" }
        #expect(posts.count == 2)
        #expect(posts.map { $0.value(forHTTPHeaderField: "Kontextso-Publisher-Token") } == ["acme-2027", "acme-2026"],
                "the token configured now first")
        let bodies = try posts.map { try json($0.httpBody ?? Data()) }
        #expect(bodies.map { $0.field("publisherToken") } == [.string("acme-2027"), .string("acme-2026")])
        #expect(bodies.map { $0.field("sessionId") } == [.string("s-new"), .string("s-old")])
        #expect(try posts.map(eventIds) == [idsOfNew, idsOfOld])
    }

    @Test("another server's queue is kept 7 days after that server was last configured, then dropped and reported")
    func anotherServersQueueExpires() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let first = launch(storage.url, server: serverA, transport: offline())
        for event in events(2, prefix: "a") { first.submit(.event(event)) }
        first.submit(.pixel(URL(string: "https://tracker.example/i")!))
        #expect(await first.flush() == false)
        await first.stop()

        let sixDaysLater = launch(storage.url, server: serverB, transport: ScriptedTransport([]), now: start + 6 * Self.day)
        await sixDaysLater.stop()
        #expect(storedEntries(storage.url, server: serverA)?.count == 3)
        #expect(log.events(.beacon, named: .queuedEntriesExpired).isEmpty)

        let weekLater = launch(storage.url, server: serverB, transport: ScriptedTransport([]), now: start + 7 * Self.day + 1)
        await weekLater.stop()
        let base = EventQueueDirectory.base(forServer: "http://127.0.0.1:9001", storage: storage.url)
        #expect(!FileManager.default.fileExists(atPath: base.path), "A's queue is gone")
        let expired = log.events(.beacon, named: .queuedEntriesExpired)
        #expect(expired.count == 1)
        #expect(expired.first?.attributes["server"] == "http://127.0.0.1:9001")
        #expect(expired.first?.attributes["count"] == "3")
        #expect(expired.first?.attributes["events"] == "2")
        #expect(expired.first?.attributes["pixels"] == "1")
        #expect(expired.first?.level == .warning)
    }

    @Test("entries of a token not configured for 7 days are dropped, reported, not sent under the new one")
    func anOldTokensEntriesExpire() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let before = launch(storage.url, server: serverA, token: "acme-2026", transport: offline())
        for event in events(2, prefix: "old") { before.submit(.event(event)) }
        #expect(await before.flush() == false)
        await before.stop()

        let transport = ScriptedTransport([])
        let after = launch(storage.url, server: serverA, token: "acme-2027", transport: transport, now: start + 8 * Self.day)
        #expect(await after.pendingCount == 0)
        #expect(await after.flush())
        await after.stop()
        #expect(transport.requests.isEmpty)
        let expired = log.events(.beacon, named: .queuedEntriesExpired)
        #expect(expired.map { $0.attributes["count"] } == ["2"])
        #expect(expired.first?.attributes["reason"]?.contains("token") == true)
    }

    @Test("a dead process's queue is adopted only by a launch of its own server")
    func adoptionOnlyWithinTheDestination() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        // A process of server A died with two entries in A's second queue directory.
        let base = EventQueueDirectory.base(forServer: "http://127.0.0.1:9001", storage: storage.url)
        let live = try #require(EventQueueDirectory.claim(base: base))
        let dying = try #require(EventQueueDirectory.claim(base: base))
        let destination = EventDestination(serverURL: serverA, publisherToken: "acme-dev")
        let left = (0..<2).map { QueuedEntry(.event(.impression(adId: "a-\($0)", format: .overlay)), id: UUID(), sessionId: "s", destination: destination, queuedAt: Date()) }
        let store = EventQueueStore(directory: dying.directory, capacity: 10, events: log)
        for entry in left { store.append(entry) }
        dying.release()
        live.release()

        let ofB = launch(storage.url, server: serverB, transport: ScriptedTransport([]))
        #expect(await ofB.pendingCount == 0)
        await ofB.stop()
        #expect(EventQueueStore.stored(in: dying.directory)?.entries.map(\.id) == left.map(\.id), "left where it was")

        let ofA = launch(storage.url, server: serverA, transport: ScriptedTransport([]))
        #expect(await ofA.pendingEntries.map(\.id) == left.map(\.id))
        #expect(!FileManager.default.fileExists(atPath: dying.directory.path), "adopted and removed")
        await ofA.stop()
    }

    @Test("an entry recorded for another server, found in this server's queue, is dropped and reported, never sent")
    func aMisplacedEntryIsNeverSent() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let base = EventQueueDirectory.base(forServer: "http://127.0.0.1:9001", storage: storage.url)
        let store = EventQueueStore(directory: base, capacity: 10, events: log)
        let elsewhere = EventDestination(serverURL: serverB, publisherToken: "acme-dev")
        store.append(QueuedEntry(.event(.impression(adId: "b-1", format: .overlay)), id: UUID(), sessionId: "s", destination: elsewhere, queuedAt: Date()))
        store.close()

        let transport = ScriptedTransport([])
        let pipeline = launch(storage.url, server: serverA, transport: transport)
        #expect(await pipeline.pendingCount == 0)
        #expect(await pipeline.flush())
        await pipeline.stop()
        #expect(transport.requests.isEmpty)
        let dropped = log.events(.beacon, named: .queuedEntriesExpired)
        #expect(dropped.first?.attributes["server"] == "http://127.0.0.1:9002")
        #expect(dropped.first?.attributes["reason"] == "recorded for another server")
    }
}
