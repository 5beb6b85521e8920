import KontextVideoTestSupport
import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import Testing

/// The client against a real loopback HTTP server, through the real `URLSessionTransport`.
@Suite("AdServerClient over real loopback HTTP")
struct AdServerClientTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let directory: TemporaryDirectory
    let content = KontextVideoContent(id: "episode-1", language: "en")

    init() throws {
        directory = try TemporaryDirectory()
    }

    func client(_ serverURL: URL, defaults: sending UserDefaults? = nil) throws -> AdServerClient {
        AdServerClient(
            environment: testEnvironment(serverURL: serverURL), clock: clock, transport: URLSessionTransport(),
            storageDirectory: directory.url, defaults: try defaults ?? freshDefaults(), events: log
        )
    }

    /// A client whose `/init` enabled it: an ad request needs that, and never sends `/init` itself.
    func enabledClient(_ serverURL: URL, defaults: sending UserDefaults? = nil) async throws -> AdServerClient {
        let client = try client(serverURL, defaults: defaults)
        #expect(await client.initialize() == .enabled)
        return client
    }

    /// A server whose `/init` answers `initAnswer` and whose ad requests get `preload`.
    func server(
        init initAnswer: String = #"{"enabled": true, "sessionId": "s-init"}"#,
        preload: @escaping LoopbackServer.Handler = { _, _ in jsonAnswer(#"{"skip": true}"#) }
    ) throws -> LoopbackServer {
        try LoopbackServer(counting: { request, callNumber in
            switch request.path {
            case "/init": jsonAnswer(initAnswer)
            case "/video/preload": preload(request, callNumber)
            case "/video/events": .respond(HTTPResponse(status: 204))
            default: .respond(.notFound)
            }
        })
    }

    func requestAd(_ client: AdServerClient, _ request: AdRequest? = nil) async -> Result<AdAnswer, AdRequestFailure> {
        let request = request ?? AdRequest(format: .overlay, content: content)
        do throws(AdRequestFailure) {
            return .success(try await client.requestAd(request))
        } catch {
            return .failure(error)
        }
    }

    static let adAnswer = """
    {"ad": {"id": "ad-123", "format": "overlay", "price": {"value": 2.5, "currency": "USD", "precision": "exact"},
            "duration": 15, "expiresIn": 900,
            "creative": {"type": "html", "url": "https://server/creatives/ad-123.html", "width": 320, "height": 50}},
     "sessionId": "s-ad"}
    """

    // MARK: /init

    @Test("init enabled: one request with the protocol's body; later calls use the cached state")
    func initEnabled() async throws {
        defer { directory.remove() }
        let server = try server()
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .enabled)
        #expect(await client.initialize() == .enabled)
        let requests = server.requests(to: "/init")
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.header("Kontextso-Publisher-Token") == "acme-dev")
        #expect(request.header("Content-Type") == "application/json")
        #expect(try body(of: request) == json("""
        {"publisherToken": "acme-dev", "installId": "\(client.identity.snapshot!.uuidString.lowercased())",
         "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
         "app": {"bundleId": "com.acme.drama", "version": "3.2.1"}}
        """))
        #expect(client.sessionId == "s-init")
    }

    @Test("init disabled: .disabled(reason:) for the launch, and no ad request leaves")
    func initDisabled() async throws {
        defer { directory.remove() }
        let server = try server(init: #"{"enabled": false, "disabledReason": "publisher_suspended"}"#)
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .disabled(reason: "publisher_suspended"))
        #expect(await requestAd(client) == .failure(.notInitialized(.disabled(reason: "publisher_suspended"))))
        #expect(server.requests(to: "/init").count == 1)
        #expect(server.requests(to: "/video/preload").isEmpty)
    }

    @Test("init answered with a non-2xx or a malformed body is .failed; initialize() tries /init again, an ads request never does")
    func initFailedThenRetried() async throws {
        defer { directory.remove() }
        let server = try LoopbackServer { _ in .respond(HTTPResponse(status: 503)) }
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .failed)
        #expect(server.requests(to: "/init").count == 1)

        // Whether to retry is the facade's decision (SDKSession.requireEnabled), made before the
        // tracking dialog: the client's ad request only refuses, sending nothing.
        server.answer { request in
            request.path == "/init" ? jsonAnswer(#"{"enabled": "sometimes"}"#) : jsonAnswer(Self.adAnswer)
        }
        #expect(await requestAd(client) == .failure(.notInitialized(.failed)))
        #expect(server.requests(to: "/init").count == 1)
        #expect(server.requests(to: "/video/preload").isEmpty)

        #expect(await client.initialize() == .failed)
        #expect(server.requests(to: "/init").count == 2)

        server.answer { request in
            request.path == "/init" ? jsonAnswer(#"{"sessionId": "s-late"}"#) : jsonAnswer(Self.adAnswer)
        }
        #expect(await client.initialize() == .enabled)
        guard case .success(.ad(let ad)) = await requestAd(client) else {
            Issue.record("expected an ad after /init recovered")
            return
        }
        #expect(ad.id == "ad-123")
        #expect(server.requests(to: "/init").count == 3)
        #expect(try body(of: #require(server.requests(to: "/video/preload").first)).field("sessionId") == .string("s-late"))
        #expect(await client.currentState == .enabled)
    }

    @Test("init with the server unreachable: retried after 1, 2, 4 s on the clock, then .failed")
    func initUnreachable() async throws {
        defer { directory.remove() }
        let client = try client(try closedPortURL())
        let task = Task { await client.initialize() }
        for delay in [1, 2, 4] {
            try await advance(clock, whenSleeping: .seconds(delay))
        }
        #expect(await task.value == .failed)
        #expect(log.events(.request, named: .initRequest).count == 4)
        #expect(log.events(.retry, named: .initRequest).map { $0.attributes["delay"] } == ["1.0", "2.0", "4.0"])
    }

    // MARK: ad requests

    @Test("an ad answer becomes a served ad, and its sessionId goes with the next request")
    func adAnswer() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in jsonAnswer(Self.adAnswer) })
        defer { server.stop() }
        let client = try await enabledClient(server.baseURL)
        let answer = await requestAd(client)
        let expected = ServedAd(
            id: "ad-123", format: .overlay, price: VideoAdPrice(value: 2.5, currency: "USD", precision: .exact),
            duration: 15, expiresIn: .seconds(900),
            creative: ServedCreative(kind: .html, url: URL(string: "https://server/creatives/ad-123.html"), width: 320, height: 50)
        )
        #expect(answer == .success(.ad(expected)))
        _ = await requestAd(client)
        let sessions = try server.requests(to: "/video/preload").map { try body(of: $0).field("sessionId") }
        #expect(sessions == [.string("s-init"), .string("s-ad")])
    }

    @Test("the ad request carries content, labels, playhead, consent, variant and device; GDPR applying with an unreadable TC string leaves out the install id and the user (ConsentPolicy)")
    func requestBody() async throws {
        defer { directory.remove() }
        let server = try server()
        defer { server.stop() }
        let defaults = try freshDefaults()
        defaults.set("CP-tc", forKey: "IABTCF_TCString")
        defaults.set("1", forKey: "IABTCF_gdprApplies")
        defaults.set("2_3", forKey: "IABGPP_GppSID")
        let client = try await enabledClient(server.baseURL, defaults: defaults)
        let request = AdRequest(
            format: .pause,
            content: KontextVideoContent(id: "episode-1", language: "en", mediaRating: .safe, genre: "romance",
                                         series: .init(id: "s1", episodeCount: 80)),
            labels: ["stage": "first_episode"], playhead: 42.5,
            user: KontextVideoUser(id: "u-1"), regulatory: KontextVideoRegulatory(gdpr: false, coppa: true, usPrivacy: "1YNN"),
            variantId: "b"
        )
        _ = await requestAd(client, request)
        let sent = try body(of: #require(server.requests(to: "/video/preload").first))
        let requestId = try #require(sent.field("requestId"))
        guard case .string(let id) = requestId else {
            Issue.record("requestId is not a string")
            return
        }
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        #expect(client.identity.snapshot == nil, "and none is kept")
        #expect(sent == (try json("""
        {"publisherToken": "acme-dev", "requestId": "\(id)",
         "sessionId": "s-init",
         "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
         "app": {"bundleId": "com.acme.drama", "version": "3.2.1"},
         "device": {"os": "iOS", "osVersion": "18.1", "model": "iPhone16,2", "locale": "en_US",
                    "screenWidth": 393, "screenHeight": 852, "scale": 3},
         "format": "pause",
         "content": {"id": "episode-1", "language": "en", "mediaRating": "safe", "genre": "romance",
                     "series": {"id": "s1", "episodeCount": 80}},
         "labels": {"stage": "first_episode"}, "playhead": 42.5,
         "regulatory": {"gdpr": 1, "gdprConsent": "CP-tc", "coppa": 1, "gppSid": [2, 3], "usPrivacy": "1YNN"},
         "variantId": "b"}
        """)))
    }

    @Test("no-fill answers map through NoFillReason(wireCode:); HTTP 204 is a no-fill without reason", arguments: [
        ("no_ad_match", VideoAdError.NoFillReason.noAdMatch), ("unfilled_bid", .noAdMatch), ("frequency_cap", .frequencyCap),
        ("content_unsafe", .contentUnsafe), ("geo_restricted", .geoRestricted), ("format_not_enabled", .formatNotEnabled),
        ("temporary_error", .temporaryError), ("", .unknown), ("something_new", .other("something_new")), ("204", .unknown),
    ])
    func noFill(code: String, reason: VideoAdError.NoFillReason) async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in
            switch code {
            case "204": .respond(HTTPResponse(status: 204))
            case "": jsonAnswer(#"{"skip": true}"#)
            default: jsonAnswer(#"{"skip": true, "skipCode": "\#(code)"}"#)
            }
        })
        defer { server.stop() }
        #expect(await requestAd(try await enabledClient(server.baseURL)) == .success(.noFill(reason)))
    }

    @Test("error answers carry code, message and permanence; a 5xx is answered at once, not retried")
    func errorAnswers() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, callNumber in
            callNumber == 1
                ? jsonAnswer(#"{"errCode": "invalid_token", "error": "Unknown publisher token", "permanent": true}"#, status: 401)
                : .respond(HTTPResponse(status: 503))
        })
        defer { server.stop() }
        let client = try await enabledClient(server.baseURL)
        #expect(await requestAd(client) == .failure(.server(code: "invalid_token", message: "Unknown publisher token", permanent: true)))
        #expect(await requestAd(client) == .failure(.server(code: "http_503", message: nil, permanent: false)))
        #expect(server.requests(to: "/video/preload").count == 2)
        #expect(log.events(.retry).isEmpty)
    }

    @Test("malformed JSON and wrong types are typed decoding errors", arguments: [
        "{\"ad\": {", #"{"ad": {"id": 123, "price": {"value": 1}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"skip": "true"}"#, "[1, 2]",
    ])
    func malformed(body: String) async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in jsonAnswer(body) })
        defer { server.stop() }
        guard case .failure(.decoding) = await requestAd(try await enabledClient(server.baseURL)) else {
            Issue.record("expected a decoding error")
            return
        }
    }

    @Test("a 10 MB answer is responseTooLarge, not retried")
    func tenMegabytes() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in .stream(status: 200, headers: [:], byteCount: 10_000_000, filler: 0x20) })
        defer { server.stop() }
        #expect(await requestAd(try await enabledClient(server.baseURL)) == .failure(.responseTooLarge))
        #expect(server.requests(to: "/video/preload").count == 1)
    }

    @Test("a body cut short is a network error: retried after 1, 2, 4 s, then a transport error")
    func cutShort() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in .cutShort(.text(#"{"ad": {"id": "ad"#), declaredLength: 400) })
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client) }
        for delay in [1, 2, 4] {
            try await advance(clock, whenSleeping: .seconds(delay))
        }
        guard case .failure(.transport) = await task.value else {
            Issue.record("expected a transport error")
            return
        }
        #expect(server.requests(to: "/video/preload").count == 4)
    }

    @Test("a hung connection gives a typed time-out after 16 s per attempt on the test clock")
    func hung() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, _ in .hang })
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client) }
        for (attempt, delay) in [1, 2, 4, 0].enumerated() {
            try await server.waitForRequests(attempt + 2)
            try await advance(clock, whenSleeping: .seconds(16))
            if delay > 0 { try await advance(clock, whenSleeping: .seconds(delay)) }
        }
        #expect(await task.value == .failure(.timedOut))
        #expect(server.requests(to: "/video/preload").count == 4)
        #expect(clock.now == .seconds(16 * 4 + 7))
    }

    @Test("a 429 is retried after its Retry-After on the clock")
    func tooManyRequests() async throws {
        defer { directory.remove() }
        let server = try server(preload: { _, callNumber in
            callNumber == 1
                ? .respond(HTTPResponse(status: 429, headers: ["Retry-After": "3"]))
                : jsonAnswer(Self.adAnswer)
        })
        defer { server.stop() }
        let client = try client(server.baseURL)
        #expect(await client.initialize() == .enabled)
        let task = Task { await requestAd(client) }
        try await advance(clock, whenSleeping: .seconds(3))
        guard case .success(.ad) = await task.value else {
            Issue.record("expected an ad after the 429")
            return
        }
        #expect(server.requests(to: "/video/preload").count == 2)
    }

    // MARK: events

    @Test("events queued while the server is down are delivered by the next launch, once each after dedup")
    func durableAcrossLaunches() async throws {
        defer { directory.remove() }
        // The server's events endpoint is down (every connection reset) for the first launch.
        let server = try server()
        defer { server.stop() }
        server.answer { request in request.path == "/video/events" ? .reset : .respond(HTTPResponse(status: 204)) }
        let down = try client(server.baseURL)
        let events: [ServerEvent] = [
            .impression(adId: "ad-1", format: .overlay, playhead: 12.5),
            .click(area: .creative, adId: "ad-1", format: .overlay),
            .ended(reason: .completed, completed: true, adId: "ad-1", format: .overlay),
            .reject(.outbid(winningPrice: 2.4, winner: "Other network"), adId: "ad-2", format: .linear),
            .dropped(adId: "ad-3", format: .pause), .expired(adId: "ad-4", format: .pause),
            .vastError(code: 405, adId: "ad-5", format: .linear),
        ]
        let eventIds = events.map { down.pipeline.submit(.event($0)) }
        down.pipeline.submitPixels([PixelToQueue(url: URL(string: "http://127.0.0.1:1/never")!, adId: "ad-1", event: "start")])
        #expect(await down.pipeline.flush() == false)
        #expect(await down.pipeline.pendingCount == events.count + 1)
        await down.pipeline.stop()
        let before = server.requests.count

        // Next launch: the server is reachable, but the first delivery's answer is lost.
        server.answer(counting: { request, callNumber in
            switch request.path {
            case "/init": jsonAnswer(#"{"enabled": true}"#)
            case "/video/events" where callNumber == 2: .drop
            case "/video/events": .respond(HTTPResponse(status: 204))
            default: .respond(HTTPResponse(status: 204))
            }
        })
        let pixelURL = server.baseURL.appendingPathComponent("pixel/ad-1/start")
        let relaunched = try client(server.baseURL)
        #expect(relaunched.identity.snapshot == down.identity.snapshot)
        relaunched.pipeline.submitPixels([PixelToQueue(url: pixelURL, adId: "ad-1", event: "start")])
        #expect(await relaunched.initialize() == .enabled)
        // The delivery loop runs on its own, after its batch window: first pass loses its answer,
        // the back-off retries.
        try await advance(clock, whenSleeping: EventPipeline.defaultBatchWindow)
        try await server.waitForRequests(before + 2)
        try await advance(clock, whenSleeping: .seconds(1))
        try await server.waitForRequests(before + 3)
        try await eventually("only the unreachable pixel is left") { await relaunched.pipeline.pendingCount == 1 }
        let batches = try server.requests.dropFirst(before).filter { $0.path == "/video/events" }.map(body(of:))
        #expect(batches.count == 2)
        let received = batches.flatMap { $0.field("events")?.array ?? [] }
        let ids = received.compactMap { $0.field("eventId") }
        #expect(ids.count == 2 * events.count)
        #expect(Set(ids) == Set(eventIds.map(JSONValue.string)))
        #expect(batches.allSatisfy { $0.field("installId") == .string(down.identity.snapshot!.uuidString.lowercased()) })
        #expect(server.requests(to: "/pixel/ad-1/start").count == 1)
        await relaunched.pipeline.stop()
    }
}

extension JSONValue {
    /// The value of an object's field.
    func field(_ name: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[name]
    }

    /// The elements of an array.
    var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
