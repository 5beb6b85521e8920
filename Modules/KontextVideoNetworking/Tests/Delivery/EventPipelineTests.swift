import KontextVideoTestSupport
import KontextVideoConcurrency
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoScheduling
import Testing

@Suite("EventPipeline with a scripted transport on the test clock")
struct EventPipelineTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let installId = UUID(uuidString: "5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11")!

    func pipeline(
        _ directory: URL, _ transport: ScriptedTransport, session: String? = "s-1", capacity: Int = 1000,
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) -> EventPipeline {
        EventPipeline(
            directory: directory, transport: transport, clock: clock, environment: testEnvironment(),
            installId: { installId }, sessionId: { session }, events: log, capacity: capacity, identifiers: identifiers
        )
    }

    func bodies(_ transport: ScriptedTransport) throws -> [JSONValue] {
        try transport.requests.filter { $0.httpMethod == "POST" }.map { try json($0.httpBody ?? Data()) }
    }

    func eventIds(_ body: JSONValue) -> [String] {
        guard case .object(let object) = body, case .array(let events)? = object["events"] else { return [] }
        return events.compactMap {
            guard case .object(let event) = $0, case .string(let id)? = event["eventId"] else { return nil }
            return id
        }
    }

    @Test("an event is on disk before the first send attempt, and the batch matches the protocol")
    func writtenBeforeSending() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(200, body: #"{"unrelated": true}"#)])
        let events = pipeline(directory.url, transport)
        let event = ServerEvent.click(area: .endCard, adId: "ad-9", format: .linear, playhead: 3.25,
                                      at: Date(timeIntervalSince1970: 1_795_968_144.123))
        let eventId = events.submit(.event(event))
        #expect(transport.requests.isEmpty)
        #expect(EventQueueStore.stored(in: directory.url)?.entries.count == 1)

        #expect(await events.flush())
        #expect(await events.pendingCount == 0)
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "http://127.0.0.1:9/video/events")
        #expect(request.value(forHTTPHeaderField: "Kontextso-Publisher-Token") == "acme-dev")
        let expected = try json("""
        {"publisherToken": "acme-dev", "installId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11", "sessionId": "s-1",
         "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
         "events": [{"eventId": "\(eventId)", "type": "click", "adId": "ad-9",
                     "format": "linear", "timestamp": "2026-11-29T16:02:24.123Z", "playhead": 3.25,
                     "data": {"area": "end_card"}}]}
        """)
        #expect(try bodies(transport) == [expected])
        #expect(EventQueueStore.stored(in: directory.url)?.entries.count == 0)
        #expect(log.events(.beacon, named: .delivered).count == 1)
    }

    @Test("while the network is down the loop backs off 1, 2, 4 … 60 s, then delivers everything")
    func backoff() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([], then: .fail(.notConnectedToInternet))
        let events = pipeline(directory.url, transport)
        await events.start()
        for n in 0..<3 { events.submit(.event(.impression(adId: "ad-\(n)", format: .pause))) }
        for _ in 0..<9 {
            await clock.waitForSleepers(atLeast: 1)
            await clock.advanceToNextDeadline()
        }
        let delays = log.events(.retry, named: .eventsRequest).compactMap { $0.attributes["delay"] }
        #expect(Array(delays.prefix(9)) == ["1.0", "2.0", "4.0", "8.0", "16.0", "32.0", "60.0", "60.0", "60.0"])
        #expect(await events.pendingCount == 3)

        transport.setFallback(.status(200))
        let before = clock.now
        for _ in 0..<10 where await events.pendingCount > 0 {
            await clock.waitForSleepers(atLeast: 1)
            await clock.advanceToNextDeadline()
        }
        #expect(await events.pendingCount == 0)
        #expect(clock.now - before == .seconds(60))
        await events.stop()
        let delivered = try bodies(transport).last.map(eventIds) ?? []
        #expect(delivered.count == 3)
    }

    @Test("a new pipeline over the same directory delivers what the last one did not")
    func restart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let down = ScriptedTransport([], then: .fail(.cannotConnectToHost))
        let first = pipeline(directory.url, down)
        let sent = (0..<5).map { first.submit(.event(.expired(adId: "ad-\($0)", format: .overlay))) }
        first.submit(.pixel(URL(string: "https://t.example/imp?x=1")!))
        #expect(await first.flush() == false)
        await first.stop()

        let up = ScriptedTransport([], then: .status(204))
        let second = pipeline(directory.url, up)
        #expect(await second.pendingCount == 6)
        #expect(await second.flush())
        #expect(try bodies(up).flatMap(eventIds) == sent)
        let pixel = try #require(up.requests.first { $0.httpMethod == "GET" })
        #expect(pixel.url?.absoluteString == "https://t.example/imp?x=1")
        #expect(pixel.httpBody == nil)
        #expect(await pipeline(directory.url, up).pendingCount == 0)
    }

    @Test("events are batched per session, at most 50 per request, in order")
    func batching() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = LockedState<String?>("s-1")
        let transport = ScriptedTransport([], then: .status(200))
        let events = EventPipeline(
            directory: directory.url, transport: transport, clock: clock, environment: testEnvironment(),
            installId: { installId }, sessionId: { session.snapshot }, events: log
        )
        for n in 0..<60 { events.submit(.event(.impression(adId: "a\(n)", format: .overlay))) }
        session.withLock { $0 = "s-2" }
        events.submit(.event(.impression(adId: "b", format: .overlay)))
        #expect(await events.flush())
        let batches = try bodies(transport)
        #expect(batches.map { eventIds($0).count } == [50, 10, 1])
        let sessions = batches.map { body -> JSONValue? in
            guard case .object(let object) = body else { return nil }
            return object["sessionId"]
        }
        #expect(sessions == [.string("s-1"), .string("s-1"), .string("s-2")])
    }

    @Test("a batch the server refuses for good (4xx) leaves the queue and is reported; 5xx stays")
    func refusals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(503), .status(400)])
        let events = pipeline(directory.url, transport)
        events.submit(.event(.impression(adId: "a", format: .overlay)))
        #expect(await events.flush() == false)
        #expect(await events.pendingCount == 1)
        #expect(await events.flush())
        #expect(await events.pendingCount == 0)
        #expect(log.events(.error, named: .eventsRefused).count == 1)
    }

    /// A pixel sent again with the same cache buster is counted twice by its tracker: it is sent
    /// again only when it certainly never left the device.
    @Test("a pixel is sent again only when it certainly never left the device", arguments: [
        (ScriptedTransport.Step.fail(.notConnectedToInternet), true), (.fail(.cannotFindHost), true),
        (.fail(.dnsLookupFailed), true), (.fail(.cannotConnectToHost), true),
        (.fail(.timedOut), false), (.hang, false), (.fail(.networkConnectionLost), false),
        (.status(502), false), (.status(503), false), (.status(429), false), (.status(404), false), (.status(200), false),
    ])
    func pixels(first: ScriptedTransport.Step, sentAgain: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([first], then: .status(204))
        let events = pipeline(directory.url, transport)
        events.submit(.pixel(URL(string: "https://t.example/q1?cb=12345678")!))
        let pass = Task { await events.flush() }
        _ = await clock.drive(until: pass)
        #expect(await events.pendingCount == (sentAgain ? 1 : 0))
        _ = await clock.drive(until: Task { await events.flush() })
        #expect(transport.requests.count == (sentAgain ? 2 : 1))
        #expect(await events.pendingCount == 0)
    }

    @Test("full queue: the oldest entries are dropped, counted, reported and the count survives a restart")
    func capacity() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([])
        let events = pipeline(directory.url, transport, capacity: 1000)
        for n in 0..<1003 { events.submit(.event(.impression(adId: "a\(n)", format: .overlay))) }
        #expect(await events.pendingCount == 1000)
        #expect(await events.droppedCount == 3)
        #expect(log.events(.beacon, named: .dropped).count == 3)
        let entries = await events.pendingEntries
        #expect(entries.first?.wireEvent?.adId == "a3")
        await events.stop()
        #expect(await pipeline(directory.url, transport).droppedCount == 3)
    }

    @Test("a 2xx with an accepted list takes only the listed events; the rest are retried, and given up after 5 refusals")
    func acceptedList() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Counted ids: the server's answer can name the first one before it is queued.
        let keptId = "00000000-0000-4000-8000-000000000001"
        let transport = ScriptedTransport([], then: .status(200, body: #"{"accepted": ["\#(keptId)"]}"#))
        let events = pipeline(directory.url, transport, identifiers: SequentialIdentifiers())
        #expect(events.submit(.event(.impression(adId: "kept", format: .overlay))) == keptId)
        events.submit(.event(.impression(adId: "refused", format: .overlay)))
        #expect(await events.flush() == false)
        #expect(await events.pendingEntries.map(\.wireEvent?.adId) == ["refused"])
        #expect(await events.pendingEntries.first?.refusals == 1)
        for _ in 0..<3 { #expect(await events.flush() == false) }
        #expect(await events.pendingCount == 1)
        #expect(await events.flush())
        #expect(await events.pendingCount == 0)
        #expect(log.events(.beacon, named: .givenUp).map { $0.attributes["adId"] } == ["refused"])
        #expect(try bodies(transport).map(eventIds).map(\.count) == [2, 1, 1, 1, 1])
    }

    @Test("an events answer without a usable accepted list accepts the whole batch", arguments: [
        "", "OK", "{}", #"{"accepted": "all"}"#, #"{"accepted": null}"#,
    ])
    func acceptedDefaults(answer: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(200, body: answer)])
        let events = pipeline(directory.url, transport)
        events.submit(.event(.dropped(adId: "a", format: .pause)))
        #expect(await events.flush())
        #expect(await events.pendingCount == 0)
    }

    @Test("entries queued while a pass runs go out right after it, with no back-off")
    func queuedDuringPass() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let owner = LockedState<EventPipeline?>(nil)
        let transport = HookTransport { count in
            if count == 1 { owner.snapshot?.submit(.event(.expired(adId: "late", format: .pause))) }
        }
        let events = EventPipeline(
            directory: directory.url, transport: transport, clock: clock, environment: testEnvironment(),
            installId: { installId }, events: log
        )
        owner.withLock { $0 = events }
        await events.start()
        events.submit(.event(.expired(adId: "early", format: .pause)))
        try await eventually("two deliveries") { transport.count >= 2 }
        try await eventually("the queue emptied") { await events.pendingCount == 0 }
        await events.stop()
        #expect(clock.now == .zero)
        #expect(log.events(.retry).isEmpty)
    }

    @Test("an idle loop woken by an entry waits out its batch window: the entries queued in it go in one request")
    func batchWindow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([], then: .status(200))
        let events = EventPipeline(
            directory: directory.url, transport: transport, clock: clock, environment: testEnvironment(),
            installId: { installId }, sessionId: { "s-1" }, events: log, batchWindow: .milliseconds(250)
        )
        await events.start()
        events.submit(.event(.impression(adId: "first", format: .pause)))
        // Woken, the loop sleeps on the clock for the window; what comes meanwhile waits with it.
        await clock.waitForSleepers(atLeast: 1)
        for n in 0..<4 { events.submit(.event(.click(area: .creative, adId: "ad-\(n)", format: .pause, playhead: 0))) }
        #expect(transport.requests.isEmpty)
        #expect(EventQueueStore.stored(in: directory.url)?.entries.count == 5)
        await clock.advance(by: .milliseconds(249))
        #expect(transport.requests.isEmpty)
        await clock.advance(by: .milliseconds(1))
        try await eventually("the window's entries were delivered") { await events.pendingCount == 0 }
        await events.stop()
        let batches = try bodies(transport)
        #expect(batches.map { eventIds($0).count } == [5])
    }

    @Test("a released pipeline ends its delivery loop instead of leaking")
    func releaseEndsLoop() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        weak var released: EventPipeline?
        do {
            let events = pipeline(directory.url, ScriptedTransport([]))
            await events.start()
            released = events
        }
        try await eventually("the pipeline was released") { released == nil }
    }

    @Test("concurrent flushes share one delivery pass, so nothing is sent twice")
    func concurrentFlush() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([], then: .status(200))
        let events = pipeline(directory.url, transport)
        for n in 0..<5 { events.submit(.event(.impression(adId: "a\(n)", format: .overlay))) }
        async let a = events.flush()
        async let b = events.flush()
        _ = await (a, b)
        #expect(try bodies(transport).flatMap(eventIds).count == 5)
    }
}

/// Answers 204 to everything, calling `hook` with the request's number first.
private final class HookTransport: HTTPTransport {
    private let counter = LockedState(0)
    private let hook: @Sendable (Int) -> Void

    init(_ hook: @escaping @Sendable (Int) -> Void) {
        self.hook = hook
    }

    var count: Int { counter.snapshot }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let number = counter.withLock { count -> Int in
            count += 1
            return count
        }
        hook(number)
        guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 204, httpVersion: nil, headerFields: nil) else {
            throw URLError(.badURL)
        }
        return (Data(), response)
    }
}
