import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoConcurrency
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTestSupport
import Testing

/// Issue 32, item 5: pixels can never crowd out events, one ad cannot flood the queue, and a dead
/// tracking host delays nothing but its own pixels.
@Suite("A fair queue: separate budgets, a per-ad cap, per-host back-off")
struct FairQueueTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()

    func pipeline(_ directory: URL, _ transport: any HTTPTransport, capacity: Int = 1000,
                  batchWindow: Duration = .zero) -> EventPipeline {
        EventPipeline(directory: directory, transport: transport, clock: clock, environment: testEnvironment(),
                      installId: { testInstallId }, sessionId: { "s-1" }, events: log, capacity: capacity, batchWindow: batchWindow)
    }

    func pixel(_ ad: String, _ event: String, _ n: Int, host: String = "t.example") -> PixelToQueue {
        PixelToQueue(url: URL(string: "https://\(host)/\(ad)/\(event)?n=\(n)")!, adId: ad, event: event)
    }

    func eventIds(_ requests: [URLRequest]) throws -> [String] {
        try requests.filter { $0.httpMethod == "POST" }.flatMap { request in
            try json(request.httpBody ?? Data()).field("events")?.array?.compactMap { event -> String? in
                guard case .string(let id)? = event.field("eventId") else { return nil }
                return id
            } ?? []
        }
    }

    @Test("one ad with 10,000 pixels, then a click: the click is queued, never evicted, and delivered",
          arguments: [true, false])
    func tenThousandPixelsThenAClick(batched: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([], then: .status(200))
        let events = pipeline(directory.url, transport)
        let impression = events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        let pixels = (0..<10_000).map { pixel("ad-1", "impression", $0) }
        if batched {
            let ids = events.submitPixels(pixels)
            #expect(ids.compactMap { $0 }.count == EventQueueStore.pixelsPerAdEvent)
            #expect(ids.prefix(EventQueueStore.pixelsPerAdEvent).allSatisfy { $0 != nil }, "the first ones are kept")
        } else {
            for pixel in pixels { events.submit(.trackingPixel(pixel)) }
        }
        let click = events.submit(.event(.click(area: .creative, adId: "ad-1", format: .overlay)))
        let pending = await events.pendingEntries
        #expect(pending.filter { $0.kind == .event }.map(\.id) == [impression, click])
        #expect(pending.filter { $0.kind == .pixel }.count == EventQueueStore.pixelsPerAdEvent)
        #expect(await events.droppedCount == 0, "nothing was evicted")
        let dropped = log.events(.beacon, named: .dropped)
        #expect(dropped.allSatisfy { $0.attributes["adId"] == "ad-1" && $0.attributes["event"] == "impression" })
        #expect(dropped.compactMap { Int($0.attributes["count"] ?? "1") }.reduce(0, +) == 10_000 - EventQueueStore.pixelsPerAdEvent)
        if batched { #expect(dropped.count == 1, "one report per ad and event of a batch") }

        #expect(await events.flush())
        #expect(try eventIds(transport.requests) == [impression, click])
        #expect(transport.requests.filter { $0.httpMethod == "GET" }.count == EventQueueStore.pixelsPerAdEvent)
    }

    @Test("the cap counts one ad's pixels of one VAST event while they wait; other ads and events have their own")
    func capPerAdAndEvent() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([], then: .status(204))
        let events = pipeline(directory.url, transport)
        let cap = EventQueueStore.pixelsPerAdEvent
        let ids = events.submitPixels((0..<(cap + 8)).map { pixel("ad-1", "start", $0) } + (0..<5).map { pixel("ad-1", "complete", $0) }
            + (0..<(cap + 3)).map { pixel("ad-2", "start", $0) })
        #expect(ids.compactMap { $0 }.count == cap + 5 + cap)
        let reports = log.events(.beacon, named: .dropped)
        #expect(reports.map { [$0.attributes["adId"], $0.attributes["event"], $0.attributes["count"]] }
            == [["ad-1", "start", "8"], ["ad-2", "start", "3"]])
        #expect(reports.allSatisfy { $0.level == .warning && $0.attributes["reason"]?.contains("\(cap) pixels") == true })
        // Delivered pixels no longer count: the ad's next moment queues again.
        #expect(await events.flush())
        #expect(events.submitPixels([pixel("ad-1", "start", 99)]).first! != nil)
        // A pixel of no known ad is capped only by the pixel budget.
        for n in 0..<(cap + 1) { events.submit(.pixel(URL(string: "https://t.example/plain?n=\(n)")!)) }
        #expect(await events.pendingCount == cap + 2)
    }

    @Test("pixels never evict an event; each kind evicts only its own oldest, reported")
    func separateBudgets() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = pipeline(directory.url, ScriptedTransport([]), capacity: 5)
        let eventIds = (0..<5).map { events.submit(.event(.impression(adId: "ad-\($0)", format: .overlay))) }
        for n in 0..<20 { events.submit(.pixel(URL(string: "https://t.example/p?n=\(n)")!)) }
        var pending = await events.pendingEntries
        #expect(pending.filter { $0.kind == .event }.map(\.id) == eventIds)
        #expect(pending.filter { $0.kind == .pixel }.compactMap(\.url) == (15..<20).map { "https://t.example/p?n=\($0)" })
        let dropped = log.events(.beacon, named: .dropped)
        #expect(dropped.count == 15)
        #expect(dropped.allSatisfy { $0.attributes["reason"] == "the queue holds 5 pixels" })
        // An event over the event budget evicts the oldest event, never a pixel.
        let sixth = events.submit(.event(.click(area: .creative, adId: "ad-5", format: .overlay)))
        pending = await events.pendingEntries
        #expect(pending.filter { $0.kind == .event }.map(\.id) == Array(eventIds.dropFirst()) + [sixth])
        #expect(pending.filter { $0.kind == .pixel }.count == 5)
        #expect(log.events(.beacon, named: .dropped).last?.attributes["reason"] == "the queue holds 5 events")
    }

    @Test("after a restart the journal reads back within each kind's budget, and the cap still counts what waits")
    func recoveryKeepsTheBudgets() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let destination = EventDestination(serverURL: URL(string: "http://127.0.0.1:9")!, publisherToken: "acme-dev")
        let wide = EventQueueStore(directory: directory.url, capacity: 100, events: log)
        let events = (0..<8).map { QueuedEntry(.event(.impression(adId: "ad-\($0)", format: .overlay)), id: UUID(), sessionId: "s", destination: destination, queuedAt: Date()) }
        let pixels = (0..<40).map { QueuedEntry(.trackingPixel(pixel("ad-1", "start", $0)), id: UUID(), sessionId: "s", destination: destination, queuedAt: Date()) }
        // Interleaved, as a session queues them; the pixels in one batch (one write).
        for event in events.prefix(4) { wide.append(event) }
        let outcome = wide.append(contentsOf: pixels)
        #expect(outcome.queued.count == EventQueueStore.pixelsPerAdEvent)
        #expect(outcome.overCap.map(\.id) == pixels.suffix(8).map(\.id))
        for event in events.suffix(4) { wide.append(event) }
        wide.close()

        // Reopened with budgets of 5: the newest 5 of each kind, 3 + 27 dropped and counted.
        let reopened = EventQueueStore(directory: directory.url, capacity: 5, events: log)
        #expect(reopened.entries.filter { $0.kind == .event }.map(\.id) == events.suffix(5).map(\.id))
        #expect(reopened.entries.filter { $0.kind == .pixel }.map(\.id) == Array(pixels.prefix(EventQueueStore.pixelsPerAdEvent).suffix(5).map(\.id)))
        #expect(reopened.droppedCount == 3 + (EventQueueStore.pixelsPerAdEvent - 5))
        reopened.close()

        // Reopened with the original budget, the cap counts the pixels found waiting.
        let again = EventQueueStore(directory: directory.url, capacity: 100, events: log)
        let more = (0..<40).map { QueuedEntry(.trackingPixel(pixel("ad-1", "start", 100 + $0)), id: UUID(), sessionId: "s", destination: destination, queuedAt: Date()) }
        #expect(again.append(contentsOf: more).queued.count == EventQueueStore.pixelsPerAdEvent - 5)
        #expect(again.entries.filter { $0.kind == .event }.count == 5)
    }

    @Test("three dead hosts beside a live one: the live host's pixels and the events arrive on time, on the clock")
    func deadHostsDelayOnlyThemselves() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = HostRoutingTransport(clock: clock, answers: [
            "refused.example": .fail(.cannotConnectToHost), "hung.example": .hang, "broken.example": .status(503),
            "live.example": .status(204), "127.0.0.1": .status(200),
        ])
        let events = pipeline(directory.url, transport, batchWindow: .milliseconds(250))
        // The dead hosts' pixels first: at the head of the queue.
        for host in ["refused.example", "hung.example", "broken.example"] {
            for n in 0..<3 { events.submit(.trackingPixel(pixel("ad-1", "impression", n, host: host))) }
        }
        for n in 0..<2 { events.submit(.trackingPixel(pixel("ad-1", "impression", n, host: "live.example"))) }
        let impression = events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        await events.start()

        try await advance(to: .milliseconds(250))
        try await eventually("the live pixels and the event went") {
            transport.hits("live.example").count == 2 && transport.hits("127.0.0.1").count == 1
        }
        #expect(transport.hits("live.example").map(\.at) == [.milliseconds(250), .milliseconds(250)])
        #expect(transport.hits("127.0.0.1").map(\.at) == [.milliseconds(250)])
        #expect(transport.hits("refused.example").count == 1, "one attempt, then the host backs off")
        #expect(transport.hits("broken.example").count == 1, "a 5xx: the host backs off")

        // Two seconds in: the hung host still holds its own lane; a new moment of the ad.
        try await advance(to: .seconds(2))
        events.submit(.trackingPixel(pixel("ad-1", "click", 0, host: "live.example")))
        let click = events.submit(.event(.click(area: .creative, adId: "ad-1", format: .overlay)))
        try await advance(to: .milliseconds(2250))
        try await eventually("the click and its pixel went") {
            transport.hits("live.example").count == 3 && transport.hits("127.0.0.1").count == 2
        }
        #expect(transport.hits("live.example").last?.at == .milliseconds(2250))
        #expect(transport.hits("127.0.0.1").last?.at == .milliseconds(2250))
        #expect(try eventIds(transport.requests) == [impression, click])
        #expect(transport.hits("hung.example").count == 1, "still waiting for its only attempt")
        // The refused host was tried again after its own 1 s back-off, not every pass.
        #expect(transport.hits("refused.example").map(\.at) == [.milliseconds(250), .milliseconds(1250)])
        let waiting = await events.pendingEntries.compactMap(\.url)
        #expect(waiting.allSatisfy { !$0.contains("live.example") })
        #expect(waiting.filter { $0.contains("refused.example") }.count == 3, "never sent: kept")
        await events.stop()
    }

    /// Advances the clock to `time`, letting the loop reach each sleep first.
    func advance(to time: Duration) async throws {
        while clock.now < time {
            // Let the loop and the deliveries settle on their next sleep.
            for _ in 0..<2_000 { await Task.yield() }
            let next = min(clock.nextDeadline ?? time, time)
            await clock.advance(by: next - clock.now)
        }
        for _ in 0..<2_000 { await Task.yield() }
    }
}

/// A transport that answers by host, and records when (on the test clock) each host was asked.
final class HostRoutingTransport: HTTPTransport {
    enum Answer: Sendable {
        case status(Int)
        case fail(URLError.Code)
        /// Never answers until cancelled (the call's own time-out, on the clock, cancels it).
        case hang
    }

    struct Hit: Sendable {
        var url: URL
        var at: Duration
    }

    private let clock: TestClock
    private let answers: [String: Answer]
    private let recorded = LockedState<[(request: URLRequest, at: Duration)]>([])

    init(clock: TestClock, answers: [String: Answer]) {
        self.clock = clock
        self.answers = answers
    }

    var requests: [URLRequest] { recorded.withLock { $0.map(\.request) } }

    func hits(_ host: String) -> [Hit] {
        recorded.withLock { $0.filter { $0.request.url?.host == host }.map { Hit(url: $0.request.url!, at: $0.at) } }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let now = clock.now
        recorded.withLock { $0.append((request, now)) }
        guard let url = request.url, let answer = answers[url.host ?? ""] else { throw URLError(.cannotFindHost) }
        switch answer {
        case .status(let code):
            return (Data("{}".utf8), HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: nil)!)
        case .fail(let code):
            throw URLError(code)
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }
}
