import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

@Suite("SandboxAdServer")
struct SandboxAdServerTests {
    // MARK: /init

    @Test func initIsEnabledByDefaultWithASession() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (answer, status) = try await WireClient.postJSON(server, "/init", WireClient.initBody())
        #expect(status == 200)
        #expect(answer == ["enabled": true, "sessionId": .string(server.ownSessionId), "trackingUrl": .string(server.trackingBaseURL.absoluteString)])
        #expect(server.trackingBaseURL.host == "127.0.0.1" && server.trackingBaseURL.port != server.baseURL.port,
                "the tracking host: another port of the same sandbox")
        #expect(server.ownSessionId.hasPrefix("sandbox-session-"))
        #expect(try SandboxAdServer().ownSessionId != server.ownSessionId, "each sandbox issues sessions of its own")
        #expect(server.requests(path: "/init").count == 1)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }

    @Test func initAnswersInQueueOrderThenTheDefault() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueueInit(.disabled(reason: "publisher_suspended"), .serverError(status: 503))
        server.setDefaultInit(.enabled(sessionId: "s-2"))
        let (first, _) = try await WireClient.postJSON(server, "/init", WireClient.initBody())
        #expect(first == ["enabled": false, "disabledReason": "publisher_suspended"])
        let (_, second) = try await WireClient.post(server, "/init", WireClient.initBody())
        #expect(second.statusCode == 503)
        let (third, _) = try await WireClient.postJSON(server, "/init", WireClient.initBody())
        #expect(third == ["enabled": true, "sessionId": "s-2", "trackingUrl": .string(server.trackingBaseURL.absoluteString)])
        #expect(server.pendingAnswerCounts.initialize == 0)
    }

    // MARK: /video/preload

    @Test(arguments: SandboxFormat.allCases)
    func answersEveryFormatWithAnAdItServes(format: SandboxFormat) async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        _ = try await WireClient.post(server, "/init", WireClient.initBody())
        let (answer, status) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: format.rawValue))
        #expect(status == 200)
        let ad = try #require(answer?["ad"])
        #expect(ad["id"] == "ad-1")
        #expect(ad["format"]?.stringValue == format.rawValue)
        #expect(ad["price"] == ["value": 2.5, "currency": "USD", "precision": "exact"])
        #expect(ad["duration"] == 15)
        #expect(ad["expiresIn"] == 900)
        #expect(answer?["sessionId"] == .string(server.ownSessionId))
        let url = try #require(ad["creative"]?["url"]?.stringValue)
        #expect(url.hasPrefix(server.baseURL.absoluteString))
        let (body, response) = try await WireClient.get(url)
        #expect(response.statusCode == 200)
        switch format {
        case .overlay:
            #expect(ad["creative"]?["type"] == "html")
            #expect(ad["creative"]?["width"] == 320)
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
            #expect(String(decoding: body, as: UTF8.self).contains("/images/ad-1.png"))
        case .pause:
            #expect(ad["creative"]?["type"] == "image")
            #expect(body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        case .linear:
            #expect(ad["creative"]?["type"] == "vast")
            #expect(String(decoding: body, as: UTF8.self).contains("<VAST version=\"4.2\""))
        }
        #expect(server.servedAds.map(\.id) == ["ad-1"])
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }

    @Test func adIdsAreUniqueAndQueuesArePerFormat() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.noFill(skipCode: "frequency_cap"), for: .overlay)
        let (linear, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (overlay, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        let (second, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(linear?["ad"]?["id"] == "ad-1")
        #expect(overlay == ["skip": true, "skipCode": "frequency_cap"])
        #expect(second?["ad"]?["id"] == "ad-2")
    }

    @Test(arguments: ["no_ad_match", "unfilled_bid", "frequency_cap", "content_unsafe", "geo_restricted",
                      "format_not_enabled", "temporary_error", "something_new"])
    func answersANoFillWithEachSkipCode(code: String) async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.noFill(skipCode: code), for: .pause)
        let (answer, status) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "pause"))
        #expect(status == 200)
        #expect(answer == ["skip": true, "skipCode": .string(code)])
    }

    @Test func answersANoFillWithoutACodeAndA204() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.noFill(), .noContent, for: .overlay)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(answer == ["skip": true])
        let (data, response) = try await WireClient.post(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(response.statusCode == 204)
        #expect(data.isEmpty)
    }

    @Test func answersErrorsWithTheirStatus() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.error(code: "invalid_token", message: "Unknown publisher token", permanent: true, status: 401),
                       .error(code: "busy"), for: .overlay)
        let (first, status) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(status == 401)
        #expect(first == ["errCode": "invalid_token", "error": "Unknown publisher token", "permanent": true])
        let (second, okStatus) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(okStatus == 200)
        #expect(second?["errCode"] == "busy")
        #expect(second?["permanent"] == false)
    }

    @Test func rateLimitsAndServerErrors() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.rateLimited(retryAfter: 3), .rateLimited(), .serverError(), .serverError(status: 502), for: .linear)
        let body = WireClient.preloadBody(format: "linear")
        let (_, limited) = try await WireClient.post(server, "/video/preload", body)
        #expect(limited.statusCode == 429)
        #expect(limited.value(forHTTPHeaderField: "Retry-After") == "3")
        let (_, plain) = try await WireClient.post(server, "/video/preload", body)
        #expect(plain.statusCode == 429)
        #expect(plain.value(forHTTPHeaderField: "Retry-After") == nil)
        let (empty, internalError) = try await WireClient.post(server, "/video/preload", body)
        #expect(internalError.statusCode == 500)
        #expect(empty.isEmpty)
        let (_, badGateway) = try await WireClient.post(server, "/video/preload", body)
        #expect(badGateway.statusCode == 502)
    }

    @Test func malformedAndWrongTypedAnswers() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.malformedJSON, .wrongTypes, for: .overlay)
        server.enqueueInit(.wrongTypes)
        let (malformed, _) = try await WireClient.post(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(JSONValue(data: malformed) == nil)
        let (wrong, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(wrong?["ad"]?["id"] == 42)
        #expect(wrong?["ad"]?["price"] == "cheap")
        let (wrongInit, _) = try await WireClient.postJSON(server, "/init", WireClient.initBody())
        #expect(wrongInit?["enabled"] == "yes")
    }

    @Test func scriptedJSONAndRawAnswers() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.json(["ad": ["id": "x", "brandNewField": true]], status: 200),
                       .raw(status: 418, headers: ["X-Tea": "pot"], body: Data("short and stout".utf8)), for: .pause)
        let (json, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "pause"))
        #expect(json == ["ad": ["id": "x", "brandNewField": true]])
        let (raw, response) = try await WireClient.post(server, "/video/preload", WireClient.preloadBody(format: "pause"))
        #expect(response.statusCode == 418)
        #expect(response.value(forHTTPHeaderField: "X-Tea") == "pot")
        #expect(String(decoding: raw, as: UTF8.self) == "short and stout")
    }

    @Test func aCustomisedAd() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let ad = SandboxAd(id: "promo", format: .pause, price: SandboxPrice(value: 1.25, currency: nil, precision: "estimated"),
                           duration: nil, expiresIn: nil, creative: .url(type: "html", url: "{base}/elsewhere/{adId}"),
                           width: 640, height: 480, fullScreen: true, clickURL: "https://example.com/{adId}",
                           fallbackURL: "https://example.com/fallback", appStoreID: "12345",
                           extraFields: ["futureField": [1, 2]], extraTopLevelFields: ["debug": "yes"])
        server.enqueue(.ad(ad), for: .overlay)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        let base = server.baseURL.absoluteString
        #expect(answer == [
            "ad": [
                "id": "promo", "format": "pause", "price": ["value": 1.25, "precision": "estimated"],
                "creative": ["type": "html", "url": .string("\(base)/elsewhere/promo"), "width": 640, "height": 480,
                             "fullScreen": true, "clickUrl": "https://example.com/promo",
                             "fallbackUrl": "https://example.com/fallback", "appStoreId": "12345"],
                "futureField": [1, 2],
            ],
            "debug": "yes",
        ])
    }

    @Test func aHugeAnswerIsPaddedValidJSON() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.huge(), .huge(bytes: 100_000), for: .overlay)
        let (huge, _) = try await WireClient.post(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(huge.count == 10 * 1024 * 1024)
        let (small, _) = try await WireClient.post(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(small.count == 100_000)
        #expect(JSONValue(data: small)?["ad"]?["format"] == "overlay")
    }

    @Test func networkFaults() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.drop, .emptyReply, .cutShort, for: .linear)
        let url = server.baseURL.appendingPathComponent("video/preload")
        let body = try JSONSerialization.data(withJSONObject: WireClient.preloadBody(format: "linear"))
        #expect(await LoopbackClient.failure(url, method: "POST", body: body)?.code == .networkConnectionLost)
        #expect(await LoopbackClient.failure(url, method: "POST", body: body) != nil)
        #expect(await LoopbackClient.failure(url, method: "POST", body: body) != nil)
        #expect(server.requests(path: "/video/preload").count == 3)
    }

    @Test func aHeldAnswerWaitsForItsGate() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let gate = server.hold(.noFill(skipCode: "temporary_error"), for: .overlay)
        let request = Task { try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay")) }
        try await gate.waitUntilHeld()
        #expect(server.requests(path: "/video/preload").count == 1)
        gate.release()
        let (answer, _) = try await request.value
        #expect(answer?["skipCode"] == "temporary_error")
    }

    @Test func aHungAnswerEndsWhenTheClientCancels() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueueInit(.hang)
        let request = Task { () -> URLError? in
            do {
                _ = try await WireClient.post(server, "/init", WireClient.initBody())
                return nil
            } catch let error as URLError {
                return error
            }
        }
        try await server.waitForRequests(path: "/init", count: 1)
        request.cancel()
        #expect(try await request.value?.code == .cancelled)
    }

    @Test func answersConcurrentRequestsWithUniqueAds() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let ids = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                let format = SandboxFormat.allCases[index % 3].rawValue
                group.addTask { try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: format)).0?["ad"]?["id"]?.stringValue }
            }
            var ids: [String] = []
            for try await id in group { ids.append(id ?? "missing") }
            return ids
        }
        #expect(Set(ids).count == 16)
        #expect(server.requests.map(\.index) == Array(0..<16))
        #expect(server.servedAds.count == 16)
    }

    @Test func startsAndStopsManyServers() async throws {
        for round in 0..<20 {
            let server = try SandboxAdServer()
            server.enqueueInit(.enabled(sessionId: "s-\(round)"))
            #expect(try await WireClient.postJSON(server, "/init", WireClient.initBody()).0?["sessionId"]?.stringValue == "s-\(round)")
            server.stop()
        }
    }

    // MARK: /video/events

    @Test func recordsEventsAndDeduplicatesThem() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        try await WireClient.serveAd(server)
        server.clearRecordings()
        let impression = WireClient.event("impression")
        let click = WireClient.event("click", data: ["area": "creative"])
        let (first, _) = try await WireClient.postJSON(server, "/video/events", WireClient.eventsBody([impression, click]))
        #expect(first == ["accepted": [.string(impression["eventId"] as? String ?? ""), .string(click["eventId"] as? String ?? "")]])
        let ended = WireClient.event("ended", data: ["reason": "completed", "completed": true])
        _ = try await WireClient.post(server, "/video/events", WireClient.eventsBody([impression, ended]))
        #expect(server.events.map(\.type) == ["impression", "click", "impression", "ended"])
        #expect(server.uniqueEvents.map(\.type) == ["impression", "click", "ended"])
        let recorded = try #require(server.uniqueEvents.first)
        #expect(recorded.adId == "ad-1")
        #expect(recorded.format == "overlay")
        #expect(recorded.playhead == 12.5)
        #expect(recorded.timestamp == "2026-11-29T16:02:24.123Z")
        #expect(recorded.requestIndex == 0)
        #expect(server.uniqueEvents[1].data == ["area": "creative"])
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }

    @Test("a batch queued for another sandbox is a violation: its session and its ads are not this one's")
    func eventsOfAnotherServerAreViolations() async throws {
        let first = try SandboxAdServer()
        defer { first.stop() }
        let second = try SandboxAdServer()
        defer { second.stop() }
        for server in [first, second] {
            _ = try await WireClient.post(server, "/init", WireClient.initBody())
            try await WireClient.serveAd(server)
        }
        try await WireClient.serveAd(first)
        // The first sandbox's ads are ad-1 and ad-2, in its own session; the second served ad-1.
        let batch = WireClient.eventsBody([WireClient.event("impression", adId: "ad-1"), WireClient.event("impression", adId: "ad-2")],
                                          sessionId: first.ownSessionId)
        _ = try await WireClient.post(first, "/video/events", batch)
        #expect(first.protocolViolations.isEmpty, "\(first.protocolViolations)")
        _ = try await WireClient.post(second, "/video/events", batch)
        #expect(second.protocolViolations.map(\.location) == ["body.sessionId", "body.events[1].adId"])
        let mine = WireClient.eventsBody([WireClient.event("impression", adId: "ad-1")], sessionId: second.ownSessionId)
        second.clearRecordings()
        _ = try await WireClient.post(second, "/video/events", mine)
        #expect(second.protocolViolations.isEmpty, "\(second.protocolViolations)")
    }

    @Test func eventFaultsStillRecordWhatArrived() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueueEvents(.serverError(status: 503), .acceptedExcept(["refused"]))
        let event = WireClient.event("expired")
        let (_, unavailable) = try await WireClient.post(server, "/video/events", WireClient.eventsBody([event]))
        #expect(unavailable.statusCode == 503)
        let refused = WireClient.event("dropped", id: "refused")
        let (answer, _) = try await WireClient.postJSON(server, "/video/events", WireClient.eventsBody([event, refused]))
        #expect(answer == ["accepted": [.string(event["eventId"] as? String ?? "")]])
        #expect(server.events.count == 3)
        #expect(server.uniqueEvents.count == 2)
    }

    @Test func waitsForEventsWithoutPolling() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let waiter = Task { try await server.waitForEvents(count: 2) }
        let sender = Task {
            let event = WireClient.event("impression")
            _ = try await WireClient.post(server, "/video/events", WireClient.eventsBody([event]))
            _ = try await WireClient.post(server, "/video/events", WireClient.eventsBody([event]))
            _ = try await WireClient.post(server, "/video/events", WireClient.eventsBody([WireClient.event("expired")]))
        }
        let events = try await waiter.value
        try await sender.value
        #expect(events.count >= 2)
        #expect(try await server.waitForEvents(count: 3, unique: false).count == 3)
    }

    @Test func aWaitEndsWithTheServer() async throws {
        let server = try SandboxAdServer()
        let waiter = Task { try await server.waitForEvents(count: 1) }
        try await server.waitUntil("the waiter to be pending") { _ in true }
        server.stop()
        await #expect(throws: SandboxWaitError.self) { try await waiter.value }
    }

    @Test func aWaitEndsWhenCancelled() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let waiter = Task { try await server.waitForPixelHits(count: 1) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    // MARK: Pixels and creatives

    @Test func recordsPixelHitsFromItsVAST() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let tag = try #require(answer?["ad"]?["creative"]?["url"]?.stringValue)
        let (vast, _) = try await WireClient.get(tag)
        let urls = VASTTestReader.urls(in: vast)
        // The impression URL carries unexpanded VAST macros in its query; the path is what counts here.
        let impression = try #require(urls.first { $0.contains("/impression?") }).components(separatedBy: "?")[0]
        let error = try #require(urls.first { $0.contains("/error") })
        _ = try await WireClient.get(impression)
        _ = try await WireClient.get(error.replacingOccurrences(of: "[ERRORCODE]", with: "405"))
        let hits = try await server.waitForPixelHits(count: 2, adId: "ad-1")
        #expect(hits.map(\.name) == ["impression", "error"])
        #expect(hits[1].query == ["code": "405"])
        #expect(hits[0].path == "/pixel/ad-1/impression")
        let (loose, _) = try await WireClient.get("\(server.baseURL)/pixel/beacon?x=1")
        #expect(loose.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(server.pixelHits.last == PixelHit(adId: nil, name: "beacon", path: "/pixel/beacon", query: ["x": "1"], requestIndex: 4))
    }

    @Test func servesAWrapperChainDownToTheInlineAd() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.ad(SandboxAd(creative: .vast(.wrapper(hops: 3)))), for: .linear)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        var next = try #require(answer?["ad"]?["creative"]?["url"]?.stringValue)
        var hops = 0
        while true {
            let (document, response) = try await WireClient.get(next)
            #expect(response.statusCode == 200)
            #expect(VASTTestReader.isWellFormed(document))
            guard let tag = VASTTestReader.text(of: "VASTAdTagURI", in: document) else { break }
            hops += 1
            next = tag
        }
        #expect(hops == 3)
        #expect(next.hasSuffix("/vast/ad-1/inline.xml"))
    }

    @Test func servesBrokenAndMalformedVAST() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueue(.ad(SandboxAd(creative: .vast(.brokenWrapper))), .ad(SandboxAd(creative: .vast(.malformed))),
                       .ad(SandboxAd(creative: .inlineVAST(.inline))), for: .linear)
        let (broken, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (wrapper, _) = try await WireClient.get(try #require(broken?["ad"]?["creative"]?["url"]?.stringValue))
        let missing = try #require(VASTTestReader.text(of: "VASTAdTagURI", in: wrapper))
        let (_, notFound) = try await WireClient.get(missing)
        #expect(notFound.statusCode == 404)
        let (malformed, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (document, _) = try await WireClient.get(try #require(malformed?["ad"]?["creative"]?["url"]?.stringValue))
        #expect(!VASTTestReader.isWellFormed(document))
        let (inline, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        #expect(inline?["ad"]?["creative"]?["url"] == nil)
        let text = try #require(inline?["ad"]?["creative"]?["vast"]?.stringValue)
        #expect(VASTTestReader.isWellFormed(Data(text.utf8)))
    }

    @Test func unknownResourcesAre404() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (_, creative) = try await WireClient.get("\(server.baseURL)/creatives/ad-9.html")
        #expect(creative.statusCode == 404)
        let (_, other) = try await WireClient.get("\(server.baseURL)/nothing/here")
        #expect(other.statusCode == 404)
        let (_, media) = try await WireClient.get("\(server.baseURL)/media/ad-9.mp4")
        #expect(media.value(forHTTPHeaderField: "Content-Type") == "video/mp4")
    }

    // MARK: Protocol checks

    @Test func recordsProtocolViolations() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        var body = WireClient.preloadBody(format: "overlay")
        body["requestId"] = "5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11"
        body["user"] = NSNull()
        _ = try await WireClient.post(server, "/video/preload", body, headers: ["Content-Type": "text/plain", "Kontextso-Publisher-Token": "other"])
        let locations = Set(server.protocolViolations.map(\.location))
        #expect(locations == ["header Content-Type", "header Accept", "header Kontextso-Publisher-Token", "body.requestId", "body.user"])
        #expect(server.protocolViolations.allSatisfy { $0.requestIndex == 0 && $0.path == "/video/preload" })
    }

    @Test func anUnknownEndpointIsAViolation() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (_, response) = try await WireClient.post(server, "/video/preloads", WireClient.preloadBody(format: "overlay"))
        #expect(response.statusCode == 404)
        #expect(server.protocolViolations.map(\.message) == ["unknown endpoint"])
    }

    @Test func clearsRecordings() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        _ = try await WireClient.post(server, "/video/events", WireClient.eventsBody([WireClient.event("impression")]))
        server.clearRecordings()
        #expect(server.requests.isEmpty)
        #expect(server.events.isEmpty)
        #expect(server.uniqueEvents.isEmpty)
    }

    @Test func logsEachRequest() async throws {
        let lines = LockedBox<[String]>([])
        let server = try SandboxAdServer { line in lines.update { $0.append(line) } }
        defer { server.stop() }
        _ = try await WireClient.post(server, "/init", WireClient.initBody())
        #expect(lines.value == ["#0 POST /init → enabled"])
    }
}
