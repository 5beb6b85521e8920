import KontextVideoTestSupport
import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import Testing

/// The client against the sandbox ad server, which implements `PROTOCOL.md` independently
/// from plain JSON and reports every request that breaks it.
@Suite("AdServerClient against the sandbox ad server")
struct AdServerClientSandboxTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let directory: TemporaryDirectory
    let content = KontextVideoContent(id: "episode-1", language: "en")

    init() throws {
        directory = try TemporaryDirectory()
    }

    func client(_ server: SandboxAdServer, defaults: sending UserDefaults? = nil) throws -> AdServerClient {
        try client(server.baseURL, defaults: defaults)
    }

    func client(_ url: URL, defaults: sending UserDefaults? = nil) throws -> AdServerClient {
        AdServerClient(
            environment: testEnvironment(serverURL: url), clock: clock, transport: URLSessionTransport(),
            storageDirectory: directory.url, defaults: try defaults ?? freshDefaults(), events: log
        )
    }

    /// A client whose `/init` enabled it: an ad request needs that, and never sends `/init` itself.
    func enabledClient(_ server: SandboxAdServer) async throws -> AdServerClient {
        let client = try client(server)
        #expect(await client.initialize() == .enabled)
        return client
    }

    func requestAd(_ client: AdServerClient, _ format: AdFormat = .overlay, _ request: AdRequest? = nil) async -> Result<AdAnswer, AdRequestFailure> {
        do throws(AdRequestFailure) {
            return .success(try await client.requestAd(request ?? AdRequest(format: format, content: content)))
        } catch {
            return .failure(error)
        }
    }

    func expectNoViolations(_ server: SandboxAdServer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)", sourceLocation: sourceLocation)
    }

    @Test("a whole conversation: init, an ad of each format with every signal, every event and a pixel; no protocol violation")
    func wholeConversation() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let defaults = try freshDefaults()
        defaults.set("CP-tc", forKey: "IABTCF_TCString")
        defaults.set(1, forKey: "IABTCF_gdprApplies")
        defaults.set("DBABMA~x", forKey: "IABGPP_HDR_GppString")
        defaults.set("2_3", forKey: "IABGPP_GppSID")
        let client = try client(server, defaults: defaults)
        #expect(await client.initialize() == .enabled)

        let richContent = KontextVideoContent(
            id: "episode-1", language: "en", mediaRating: .safe, url: URL(string: "https://acme.example/e1"),
            title: "The Return", categories: ["IAB1"], description: "…", duration: 1320.5, episodeNumber: 3,
            keywords: ["k"], genre: "romance", series: .init(id: "s1", title: "T", description: "D", episodeCount: 80)
        )
        var served: [ServedAd] = []
        for format in AdFormat.allCases {
            let request = AdRequest(
                format: format, content: richContent, labels: ["stage": "first_episode"], playhead: 12.5,
                user: KontextVideoUser(id: "u", email: "a@b.c", emailHash: String(repeating: "0f", count: 32), keywords: ["x"]),
                regulatory: KontextVideoRegulatory(coppa: false, usPrivacy: "1YNN"), variantId: "b"
            )
            guard case .success(.ad(let ad)) = await requestAd(client, format, request) else {
                Issue.record("no ad for \(format)")
                continue
            }
            served.append(ad)
        }
        #expect(served.map(\.id) == server.servedAds.map(\.id))
        #expect(served.map(\.format.rawValue) == server.servedAds.map(\.format.rawValue))
        for (ad, record) in zip(served, server.servedAds) {
            #expect(ad.price == VideoAdPrice(value: 2.5, currency: "USD", precision: .exact))
            #expect(ad.expiresIn == .seconds(900))
            #expect(ad.duration == (ad.format == .pause ? nil : record.duration))
            #expect(ad.creative.width == record.width.map(Double.init))
            #expect(ad.creative.height == record.height.map(Double.init))
            #expect(ad.creative.clickURL?.absoluteString == record.clickURL)
        }
        #expect(served.map(\.creative.kind) == [.html, .image, .vast])
        #expect(served.last?.creative.url?.path.hasPrefix("/vast/") == true)

        let adId = served.first?.id ?? "ad-1"
        let events: [ServerEvent] = [
            .impression(adId: adId, format: .overlay, playhead: 12.5),
            .click(area: .creative, adId: adId, format: .overlay, playhead: 13),
            .ended(reason: .closed, completed: false, adId: adId, format: .overlay, playhead: 14),
            .reject(.notUsed, adId: "ad-2", format: .pause),
            .reject(.outbid(winningPrice: 2.4, winner: "Other network"), adId: "ad-2", format: .pause),
            .dropped(adId: "ad-3", format: .linear), .expired(adId: "ad-3", format: .linear),
            .vastError(code: 405, adId: "ad-3", format: .linear),
        ]
        let eventIds = events.map { client.pipeline.submit(.event($0)) }
        client.pipeline.submitPixels([PixelToQueue(url: server.baseURL.appendingPathComponent("pixel/\(adId)/impression"), adId: adId, event: "impression")])
        try await advance(clock, whenSleeping: EventPipeline.defaultBatchWindow)
        let received = try await server.waitForEvents(count: events.count)
        try await server.waitForPixelHits(count: 1, adId: adId, name: "impression")
        #expect(received.map(\.eventId) == eventIds)
        #expect(received.map(\.type) == ["impression", "click", "ended", "reject", "reject", "dropped", "expired", "vast_error"])
        #expect(received[4].data == ["reason": "outbid", "winningPrice": 2.4, "winner": "Other network"])
        #expect(received[7].data == ["code": 405])

        let preload = try #require(server.requests(path: "/video/preload").first?.json)
        #expect(preload["sessionId"] == .string(server.ownSessionId))
        #expect(preload["regulatory"] == ["gdpr": 1, "gdprConsent": "CP-tc", "coppa": 0, "gpp": "DBABMA~x", "gppSid": [2, 3], "usPrivacy": "1YNN"])
        expectNoViolations(server)
        await client.pipeline.stop()
    }

    @Test("no-fill answers of every code, and 204", arguments: [
        "no_ad_match", "unfilled_bid", "frequency_cap", "content_unsafe", "geo_restricted", "format_not_enabled",
        "temporary_error", "future_code", "<none>", "<204>",
    ])
    func noFills(code: String) async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        switch code {
        case "<none>": server.enqueue(.noFill(skipCode: nil), for: .pause)
        case "<204>": server.enqueue(.noContent, for: .pause)
        default: server.enqueue(.noFill(skipCode: code), for: .pause)
        }
        let expected = VideoAdError.NoFillReason(wireCode: code.hasPrefix("<") ? nil : code)
        #expect(await requestAd(try await enabledClient(server), .pause) == .success(.noFill(expected)))
        expectNoViolations(server)
    }

    @Test("error answers: the server's code, message and permanence; 5xx not retried")
    func errors() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(
            .error(code: "invalid_token", message: "Unknown publisher token", permanent: true, status: 401),
            .error(code: "overloaded", message: "try later"),
            .serverError(status: 503),
            for: .linear
        )
        let client = try await enabledClient(server)
        #expect(await requestAd(client, .linear) == .failure(.server(code: "invalid_token", message: "Unknown publisher token", permanent: true)))
        #expect(await requestAd(client, .linear) == .failure(.server(code: "overloaded", message: "try later", permanent: false)))
        #expect(await requestAd(client, .linear) == .failure(.server(code: "http_503", message: nil, permanent: false)))
        #expect(server.requests(path: "/video/preload").count == 3)
        expectNoViolations(server)
    }

    @Test("malformed JSON, wrong types and a 10 MiB body are typed errors, never a crash, never retried")
    func badAnswers() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.malformedJSON, .wrongTypes, .huge(), for: .overlay)
        let client = try await enabledClient(server)
        guard case .failure(.decoding) = await requestAd(client) else {
            Issue.record("malformed JSON is not a decoding error")
            return
        }
        guard case .failure(.decoding) = await requestAd(client) else {
            Issue.record("wrong types are not a decoding error")
            return
        }
        #expect(await requestAd(client) == .failure(.responseTooLarge))
        #expect(server.requests(path: "/video/preload").count == 3)
        expectNoViolations(server)
    }

    @Test("init: wrong types and 5xx are .failed; disabled is kept for the launch")
    func initAnswers() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueueInit(.wrongTypes, .serverError(status: 500), .disabled(reason: "publisher_suspended"))
        let client = try client(server)
        #expect(await client.initialize() == .failed)
        #expect(await client.initialize() == .failed)
        #expect(await client.initialize() == .disabled(reason: "publisher_suspended"))
        #expect(await requestAd(client) == .failure(.notInitialized(.disabled(reason: "publisher_suspended"))))
        #expect(server.requests(path: "/init").count == 3)
        #expect(server.requests(path: "/video/preload").isEmpty)
        expectNoViolations(server)
    }

    @Test("concurrent initialize calls share one /init; every call, answer and retry is in the event stream")
    func concurrentInitialize() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let gate = server.holdInit()
        let client = try client(server)
        async let first = client.initialize()
        async let second = client.initialize()
        // On a failed wait the gate must open before the scope awaits `first` and `second`: they
        // wait on the test clock for the held /init, and `server.stop()` (declared earlier) runs
        // only after them, so a closed gate would hang the run instead of failing this test.
        defer { gate.release() }
        try await gate.waitUntilHeld()
        gate.release()
        #expect(await [first, second] == [.enabled, .enabled])
        #expect(server.requests(path: "/init").count == 1)
        let request = try #require(log.events(.request, named: .initRequest).first)
        #expect(request.attributes["attempt"] == "1")
        #expect(request.attributes["url"] == server.baseURL.absoluteString + "/init")
        #expect(log.events(.response, named: .initRequest).first?.attributes["status"] == "200")
        #expect(log.events(.state, named: .initialized).first?.attributes["state"] == "enabled")
        expectNoViolations(server)
    }

    @Test("sendsInitAtOnce: /init leaves as the client is made, before initialize(), which takes that one over")
    func initSentAtCreation() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let gate = server.holdInit(.enabled(sessionId: "session-sent-at-creation"))
        let client = AdServerClient(
            environment: testEnvironment(serverURL: server.baseURL), clock: clock, transport: URLSessionTransport(),
            storageDirectory: directory.url, sharedDefaults: SharedDefaults(try freshDefaults()), events: log,
            sendsInitAtOnce: true)
        // Held at the server with nobody having called initialize().
        try await gate.waitUntilHeld()
        #expect(await client.currentState == nil, "the answer is not the client's state before initialize()")
        gate.release()
        #expect(await client.initialize() == .enabled)
        #expect(await client.initialize() == .enabled)
        #expect(server.requests(path: "/init").count == 1, "initialize() waited for the /init already sent")
        #expect(client.sessionId == "session-sent-at-creation")
        expectNoViolations(server)
    }

    @Test("network faults (cut short, reset, empty reply) are retried after 1, 2, 4 s; the fourth attempt answers")
    func networkFaultsRetried() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.cutShort, .drop, .emptyReply, .ad(SandboxAd(id: "after-faults")), for: .overlay)
        let client = try client(server)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client) }
        for delay in [1, 2, 4] { try await advance(clock, whenSleeping: .seconds(delay)) }
        guard case .success(.ad(let ad)) = await task.value else {
            Issue.record("no ad after the faults")
            return
        }
        #expect(ad.id == "after-faults")
        #expect(server.requests(path: "/video/preload").count == 4)
        #expect(log.events(.retry, named: .preloadRequest).count == 3)
        expectNoViolations(server)
    }

    @Test("a hung server gives a typed time-out on the test clock: 4 × 16 s plus the back-off")
    func hungServer() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.setDefault(.hang, for: .linear)
        let client = try client(server)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client, .linear) }
        for (attempt, delay) in [1, 2, 4, 0].enumerated() {
            try await server.waitForRequests(path: "/video/preload", count: attempt + 1)
            try await advance(clock, whenSleeping: .seconds(16))
            if delay > 0 { try await advance(clock, whenSleeping: .seconds(delay)) }
        }
        #expect(await task.value == .failure(.timedOut))
        #expect(clock.now == .seconds(71))
        expectNoViolations(server)
    }

    @Test("a 429 waits its Retry-After on the clock; without one, the back-off")
    func rateLimited() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.rateLimited(retryAfter: 9), .rateLimited(), .ad(SandboxAd(id: "patient")), for: .pause)
        let client = try client(server)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client, .pause) }
        try await advance(clock, whenSleeping: .seconds(9))
        try await advance(clock, whenSleeping: .seconds(2))
        guard case .success(.ad(let ad)) = await task.value else {
            Issue.record("no ad after the 429s")
            return
        }
        #expect(ad.id == "patient")
        expectNoViolations(server)
    }

    @Test("durable events: queued with the server down, delivered by the next launch; duplicates only in transit")
    func durableEvents() async throws {
        defer { directory.remove() }
        // The first launch is served twelve ads, then the events endpoint goes down.
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.setDefaultEvents(.drop)
        let offline = try client(server)
        #expect(await offline.initialize() == .enabled)
        var sent: [ServerEvent] = []
        for index in 0..<12 {
            guard case .success(.ad(let ad)) = await requestAd(offline) else {
                Issue.record("no ad")
                return
            }
            sent.append(.impression(adId: ad.id, format: .overlay, playhead: Double(index)))
        }
        let sentIds = sent.map { offline.pipeline.submit(.event($0)) }
        #expect(await offline.pipeline.flush() == false)
        #expect(await offline.pipeline.pendingCount == 12)
        await offline.pipeline.stop()

        // The next launch. The first delivery reaches the server but its answer is lost,
        // the second is answered with one event left out of `accepted`.
        server.clearRecordings()
        server.setDefaultEvents(.accepted)
        let leftOut = sentIds[5]
        server.enqueueEvents(.drop, .acceptedExcept([leftOut]))
        let relaunched = try client(server)
        #expect(relaunched.identity.snapshot == offline.identity.snapshot)
        #expect(await relaunched.initialize() == .enabled)
        try await advance(clock, whenSleeping: EventPipeline.defaultBatchWindow)
        try await server.waitForRequests(path: "/video/events", count: 1)
        try await advance(clock, whenSleeping: .seconds(1))
        try await server.waitForRequests(path: "/video/events", count: 2)
        try await advance(clock, whenSleeping: .seconds(2))
        try await server.waitForRequests(path: "/video/events", count: 3)
        let unique = try await server.waitForEvents(count: 12)
        #expect(Set(unique.map(\.eventId)) == Set(sentIds))
        #expect(server.events.count == 12 + 12 + 1)
        #expect(server.requests(path: "/video/events").last?.json?["events"]?.arrayValue?.count == 1)
        try await eventually("the queue emptied") { await relaunched.pipeline.pendingCount == 0 }
        #expect(server.requests(path: "/video/events").allSatisfy { $0.json?["installId"]?.stringValue == offline.identity.snapshot?.uuidString.lowercased() })
        expectNoViolations(server)
        await relaunched.pipeline.stop()
    }
}
