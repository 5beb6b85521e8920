import Foundation

/// Everything a ``SandboxAdServer`` knows, behind one lock: the scripted answers, the ads it
/// served, and the recordings. Its `handle(_:)` is the HTTP handler; it runs on connection
/// threads.
final class SandboxState: @unchecked Sendable {
    /// Which protocol endpoint a request went to.
    enum Endpoint {
        case initialize
        case preload(SandboxFormat)
        case events(ids: [String])
    }

    let waiters = AsyncWaiters()
    private let lock = NSLock()
    private let logger: (@Sendable (String) -> Void)?
    private var base = ""
    private var trackingBase = ""
    private var scenario: SandboxScenario
    private var sessionId: String?
    /// The session id this sandbox issues by default (``SandboxAnswer/ownSession``): its own.
    let ownSessionId = "sandbox-session-" + String(UInt32.random(in: .min ... .max), radix: 16).leftPadded(to: 8)
    /// Every session id an answer carried, and every ad id a `/video/preload` answer named:
    /// what events may name (``ProtocolValidator/Issued``).
    private var issued = ProtocolValidator.Issued()
    private var adCounter = 0
    private var served: [String: SandboxServedAd] = [:]
    private var servedOrder: [String] = []
    private var imageCache: [String: Data] = [:]

    private(set) var requests: [RecordedRequest] = []
    /// The index the next request gets (requests are recorded once handled, so out of order).
    private var nextRequestIndex = 0
    private(set) var events: [RecordedEvent] = []
    private(set) var uniqueEvents: [RecordedEvent] = []
    private var seenEventIds: Set<String> = []
    private(set) var pixelHits: [PixelHit] = []
    private(set) var violations: [ProtocolViolation] = []

    init(scenario: SandboxScenario, logger: (@Sendable (String) -> Void)?) {
        self.scenario = scenario
        self.logger = logger
    }

    /// Reads the state under the lock.
    func read<Result>(_ body: (SandboxState) -> Result) -> Result {
        lock.locked { body(self) }
    }

    /// Changes the scenario under the lock.
    func updateScenario(_ body: (inout SandboxScenario) -> Void) {
        lock.locked { body(&scenario) }
    }

    /// How many scripted answers are still queued per endpoint.
    func pendingCounts() -> (initialize: Int, preload: [SandboxFormat: Int], events: Int) {
        lock.locked {
            (scenario.initAnswers.count, scenario.preloadAnswers.mapValues(\.count).filter { $0.value > 0 }, scenario.eventsAnswers.count)
        }
    }

    func setBase(_ url: URL, tracking: URL) {
        lock.locked {
            base = url.absoluteString
            trackingBase = tracking.absoluteString
        }
    }

    var servedAds: [SandboxServedAd] {
        servedOrder.compactMap { served[$0] }
    }

    func clearRecordings() {
        lock.locked {
            requests = []
            nextRequestIndex = 0
            events = []
            uniqueEvents = []
            seenEventIds = []
            pixelHits = []
            violations = []
        }
    }

    // MARK: Handling

    func handle(_ request: HTTPRequest, via listener: SandboxListener) -> HTTPResponseAction {
        let json = request.body.isEmpty ? nil : JSONValue(data: request.body)
        let index: Int = lock.locked {
            defer { nextRequestIndex += 1 }
            return nextRequestIndex
        }
        let record = RecordedRequest(index: index, http: request, json: json, listener: listener)
        let (action, summary, found) = route(record)
        // Recorded once what it carried (events, pixel hits) is recorded too, so a test that saw
        // the request also sees its contents.
        lock.locked {
            requests.append(record)
            if requests.count > 1, requests[requests.count - 2].index > record.index {
                requests.sort { $0.index < $1.index }
            }
        }
        waiters.signal()
        if let logger {
            let via = listener == .trackingHost ? " (tracking host)" : ""
            var line = "#\(index) \(request.method) \(request.target)\(via) → \(summary)"
            for violation in found { line += "\n    ! \(violation.location): \(violation.message)" }
            logger(line)
        }
        return action
    }

    private func route(_ record: RecordedRequest) -> (HTTPResponseAction, String, [ProtocolViolation]) {
        let path = record.path
        let endpoints = ["/init", "/video/preload", "/video/events"]
        if endpoints.contains(path) {
            let found = ProtocolValidator.violations(of: record, issued: lock.locked { issued })
            let endpoint: Endpoint
            var carried = ""
            switch path {
            case "/init":
                endpoint = .initialize
            case "/video/preload":
                endpoint = .preload(SandboxFormat(rawValue: record.json?["format"]?.stringValue ?? "") ?? .overlay)
            default:
                let received = (record.json?["events"]?.arrayValue ?? []).filter { $0.objectValue != nil }
                    .map { RecordedEvent(json: $0, requestIndex: record.index) }
                endpoint = .events(ids: received.map(\.eventId))
                carried = " (" + received.map { "\($0.type) \($0.adId ?? "-")" }.joined(separator: ", ") + ")"
                lock.locked {
                    events += received
                    for event in received where seenEventIds.insert(event.eventId).inserted {
                        uniqueEvents.append(event)
                    }
                }
            }
            return lock.locked {
                violations += found
                let answer = nextAnswer(for: endpoint)
                let (action, summary) = render(answer, for: endpoint, requestIndex: record.index)
                return (action, summary + carried, found)
            }
        }
        if record.listener == .trackingHost {
            let violation = ProtocolViolation(requestIndex: record.index, path: path, location: "host",
                                              message: "the tracking host takes only ad requests that carry tracking data, not \(path)")
            lock.locked { violations.append(violation) }
            return (.respond(.notFound), "404 (not on the tracking host)", [violation])
        }
        if record.method == "POST" {
            let violation = ProtocolViolation(requestIndex: record.index, path: path, location: "path", message: "unknown endpoint")
            lock.locked { violations.append(violation) }
            return (.respond(.notFound), "404 (unknown endpoint)", [violation])
        }
        guard record.method == "GET" || record.method == "HEAD" else {
            return (.respond(.text("method not allowed", status: 405)), "405", [])
        }
        let (response, summary) = lock.locked { serveResource(record) }
        return (.respond(response), summary, [])
    }

    // MARK: Answers (called under the lock)

    private func nextAnswer(for endpoint: Endpoint) -> SandboxAnswer {
        switch endpoint {
        case .initialize:
            if scenario.initAnswers.isEmpty { return scenario.defaultInitAnswer }
            return scenario.initAnswers.removeFirst()
        case .preload(let format):
            if var queue = scenario.preloadAnswers[format], !queue.isEmpty {
                let answer = queue.removeFirst()
                scenario.preloadAnswers[format] = queue
                return answer
            }
            return scenario.defaultPreloadAnswers[format] ?? .ad()
        case .events:
            if scenario.eventsAnswers.isEmpty { return scenario.defaultEventsAnswer }
            return scenario.eventsAnswers.removeFirst()
        }
    }

    private func render(_ answer: SandboxAnswer, for endpoint: Endpoint, requestIndex: Int) -> (HTTPResponseAction, String) {
        switch answer {
        case .enabled(let scripted):
            let session = scripted?.replacingOccurrences(of: SandboxAnswer.ownSession, with: ownSessionId)
            if let session {
                sessionId = session
                issued.sessions.insert(session)
            }
            var body: [String: JSONValue] = ["enabled": true]
            if let session { body["sessionId"] = .string(session) }
            if scenario.announcesTrackingHost { body["trackingUrl"] = .string(trackingBase) }
            return (json(.object(body)), "enabled")
        case .disabled(let reason):
            var body: [String: JSONValue] = ["enabled": false]
            if let reason { body["disabledReason"] = .string(reason) }
            return (json(.object(body)), "disabled (\(reason ?? "no reason"))")
        case .ad(let ad):
            let (body, servedAd) = renderAd(ad, for: endpoint, requestIndex: requestIndex)
            return (json(body), "ad \(servedAd.id) (\(servedAd.format.rawValue))")
        case .noFill(let code):
            var body: [String: JSONValue] = ["skip": true]
            if let code { body["skipCode"] = .string(code) }
            return (json(.object(body)), "no-fill (\(code ?? "no code"))")
        case .noContent:
            return (.respond(HTTPResponse(status: 204)), "204")
        case .accepted:
            return (json(["accepted": .array(eventIds(endpoint).map(JSONValue.string))]), "accepted")
        case .acceptedExcept(let refused):
            let ids = eventIds(endpoint).filter { !refused.contains($0) }
            return (json(["accepted": .array(ids.map(JSONValue.string))]), "accepted \(ids.count)")
        case .error(let code, let message, let permanent, let status):
            let body: JSONValue = ["errCode": .string(code), "error": .string(message), "permanent": .bool(permanent)]
            return (json(body, status: status), "\(status) error \(code)")
        case .rateLimited(let retryAfter):
            let headers = retryAfter.map { ["Retry-After": String($0)] } ?? [:]
            return (.respond(HTTPResponse(status: 429, headers: headers)), "429 (Retry-After \(retryAfter.map(String.init) ?? "none"))")
        case .serverError(let status):
            return (.respond(HTTPResponse(status: status)), "\(status)")
        case .json(let body, let status):
            noteIssued(in: body, for: endpoint)
            return (json(body, status: status), "\(status) scripted JSON")
        case .raw(let status, let headers, let body):
            if let parsed = JSONValue(data: body) { noteIssued(in: parsed, for: endpoint) }
            return (.respond(HTTPResponse(status: status, headers: headers, body: body)), "\(status) raw")
        case .malformedJSON:
            return (.respond(.data(Data("{\"ad\": {\"id\": \"ad-".utf8), contentType: "application/json")), "malformed JSON")
        case .wrongTypes:
            return (json(wrongTypes(for: endpoint)), "wrong types")
        case .huge(let bytes):
            let normal = normalBody(for: endpoint, requestIndex: requestIndex)
            let padding = Data(repeating: 0x20, count: max(0, bytes - normal.count))
            return (.respond(.data(padding + normal, contentType: "application/json")), "huge body (\(bytes) bytes)")
        case .cutShort:
            let normal = normalBody(for: endpoint, requestIndex: requestIndex)
            let half = HTTPResponse.data(normal.prefix(normal.count / 2), contentType: "application/json")
            return (.cutShort(half, declaredLength: normal.count), "cut short")
        case .drop:
            return (.reset, "dropped")
        case .emptyReply:
            return (.drop, "empty reply")
        case .hang:
            return (.hang, "hang")
        case .slowDrip:
            return (.drip(status: 200, declaredLength: 1024, interval: 1), "slow drip")
        case .held(let gate, let then):
            let (action, summary) = render(then, for: endpoint, requestIndex: requestIndex)
            return (.held(gate, then: action), "held, then \(summary)")
        case .delayed(let seconds, let then):
            let (action, summary) = render(then, for: endpoint, requestIndex: requestIndex)
            let gate = ResponseGate()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { gate.release() }
            return (.held(gate, then: action), "after \(seconds) s, \(summary)")
        }
    }

    /// Notes the session id and the ad id a scripted answer body carries: an ad scripted as
    /// plain JSON is still an ad this server served.
    private func noteIssued(in body: JSONValue, for endpoint: Endpoint) {
        if let session = body["sessionId"]?.stringValue { issued.sessions.insert(session) }
        if case .preload = endpoint, let id = body["ad"]?["id"]?.stringValue { issued.adIds.insert(id) }
    }

    private func json(_ body: JSONValue, status: Int = 200) -> HTTPResponseAction {
        .respond(.data(body.data, contentType: "application/json"))
            .withStatus(status)
    }

    private func eventIds(_ endpoint: Endpoint) -> [String] {
        if case .events(let ids) = endpoint { return ids }
        return []
    }

    /// The body of the endpoint's plain answer (for `huge` and `cutShort`).
    private func normalBody(for endpoint: Endpoint, requestIndex: Int) -> Data {
        switch endpoint {
        case .initialize:
            var body: [String: JSONValue] = ["enabled": true]
            if let sessionId { body["sessionId"] = .string(sessionId) }
            return JSONValue.object(body).data
        case .preload:
            return renderAd(SandboxAd(), for: endpoint, requestIndex: requestIndex).0.data
        case .events(let ids):
            return JSONValue.object(["accepted": .array(ids.map(JSONValue.string))]).data
        }
    }

    private func wrongTypes(for endpoint: Endpoint) -> JSONValue {
        switch endpoint {
        case .initialize:
            ["enabled": "yes", "sessionId": 42]
        case .preload(let format):
            ["ad": ["id": 42, "format": .bool(true), "price": "cheap", "duration": "long", "expiresIn": [],
                    "creative": ["type": 7, "url": false, "width": "wide"]],
             "sessionId": ["format": .string(format.rawValue)]]
        case .events:
            ["accepted": "all"]
        }
    }

    private func renderAd(_ ad: SandboxAd, for endpoint: Endpoint, requestIndex: Int) -> (JSONValue, SandboxServedAd) {
        var requested = SandboxFormat.overlay
        if case .preload(let format) = endpoint { requested = format }
        let format = ad.format ?? requested
        let id: String
        if let given = ad.id {
            id = given
        } else {
            adCounter += 1
            id = "ad-\(adCounter)"
        }
        let creative = ad.creative ?? .default(for: format)
        let width = ad.width ?? (format == .overlay ? 320 : format == .pause ? 300 : nil)
        let height = ad.height ?? (format == .overlay ? 50 : format == .pause ? 250 : nil)

        var creativeJSON: [String: JSONValue] = [:]
        switch creative {
        case .html, .htmlPage:
            creativeJSON = ["type": "html", "url": .string("\(base)/creatives/\(id).html")]
        case .image:
            creativeJSON = ["type": "image", "url": .string("\(base)/images/\(id).png")]
        case .vast:
            creativeJSON = ["type": "vast", "url": .string(VASTDocuments.tagURL(base: base, adId: id))]
        case .inlineVAST(let vast):
            creativeJSON = ["type": "vast", "vast": .string(VASTDocuments.entry(vast, base: base, adId: id, duration: ad.duration))]
        case .url(let type, let url):
            creativeJSON = ["type": .string(type), "url": .string(substitute(url, adId: id))]
        }
        if let width { creativeJSON["width"] = .number(Double(width)) }
        if let height { creativeJSON["height"] = .number(Double(height)) }
        if let fullScreen = ad.fullScreen { creativeJSON["fullScreen"] = .bool(fullScreen) }
        if let click = ad.clickURL { creativeJSON["clickUrl"] = .string(substitute(click, adId: id)) }
        if let fallback = ad.fallbackURL { creativeJSON["fallbackUrl"] = .string(substitute(fallback, adId: id)) }
        if let store = ad.appStoreID { creativeJSON["appStoreId"] = .string(store) }

        var adJSON: [String: JSONValue] = ["id": .string(id), "format": .string(format.rawValue), "creative": .object(creativeJSON)]
        if let price = ad.price { adJSON["price"] = price.json }
        if let duration = ad.duration { adJSON["duration"] = .number(duration) }
        if let expiresIn = ad.expiresIn { adJSON["expiresIn"] = .number(expiresIn) }
        adJSON.merge(ad.extraFields) { _, extra in extra }

        var top: [String: JSONValue] = ["ad": .object(adJSON)]
        if let sessionId { top["sessionId"] = .string(sessionId) }
        top.merge(ad.extraTopLevelFields) { _, extra in extra }
        if let session = top["sessionId"]?.stringValue { issued.sessions.insert(session) }

        let servedAd = SandboxServedAd(id: id, format: format, creative: creative, duration: ad.duration, width: width, height: height,
                                clickURL: ad.clickURL.map { substitute($0, adId: id) }, json: .object(adJSON), requestIndex: requestIndex)
        if served.updateValue(servedAd, forKey: id) == nil { servedOrder.append(id) }
        issued.adIds.insert(id)
        return (.object(top), servedAd)
    }

    private func substitute(_ template: String, adId: String) -> String {
        template.replacingOccurrences(of: "{base}", with: base).replacingOccurrences(of: "{adId}", with: adId)
    }

    // MARK: Resources (called under the lock)

    private func serveResource(_ record: RecordedRequest) -> (HTTPResponse, String) {
        let path = record.path
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first else {
            return (.text("Kontext sandbox ad server: POST /init, /video/preload, /video/events\n"), "index")
        }
        switch (first, parts.count) {
        case ("pixel", 2...):
            let adId = parts.count >= 3 ? parts[1] : nil
            let name = parts[parts.count - 1]
            pixelHits.append(PixelHit(adId: adId, name: name, path: path, query: record.query, requestIndex: record.index))
            return (.data(SandboxMedia.pixelImage, contentType: "image/png"), "pixel \(adId.map { "\($0)/" } ?? "")\(name)")
        case ("creatives", 2):
            guard let ad = servedAd(parts[1], suffix: ".html") else { return (.notFound, "404") }
            let page: SandboxHTMLPage = if case .htmlPage(let page) = ad.creative { page } else { .banner }
            let content = SandboxCreativePages.Content(adId: ad.id, format: ad.format, imageURL: "\(base)/images/\(ad.id).png",
                                                       clickURL: ad.clickURL, width: ad.width ?? 320, height: ad.height ?? 50)
            return (.text(SandboxCreativePages.markup(page, content), contentType: "text/html; charset=utf-8"), "creative page \(ad.id) (\(page.name))")
        case ("kontext-creative.js", 1):
            return (.data(SandboxCreativeKit.script, contentType: "text/javascript; charset=utf-8"), "kontext-creative.js")
        case ("images", 2):
            guard let ad = servedAd(parts[1], suffix: ".png") else { return (.notFound, "404") }
            return (.data(image(width: ad.width ?? 300, height: ad.height ?? 250), contentType: "image/png"), "image \(ad.id)")
        case ("vast", 2):
            guard let ad = servedAd(parts[1], suffix: ".xml"), let vast = ad.vast else { return (.notFound, "404") }
            return (.text(VASTDocuments.entry(vast, base: base, adId: ad.id, duration: ad.duration), contentType: "application/xml"), "VAST \(ad.id)")
        case ("vast", 3):
            guard let ad = served[parts[1]], let vast = ad.vast,
                  let document = VASTDocuments.document(named: parts[2], for: vast, base: base, adId: ad.id, duration: ad.duration) else {
                return (.notFound, "404")
            }
            return (.text(document, contentType: "application/xml"), "VAST \(ad.id)/\(parts[2])")
        case ("media", 2):
            return (.data(SandboxMedia.dummyMP4, contentType: "video/mp4"), "media")
        case ("landing", 2):
            return (.text(SandboxMedia.landingPage(adId: parts[1]), contentType: "text/html; charset=utf-8"), "landing page")
        default:
            return (.notFound, "404")
        }
    }

    private func servedAd(_ file: String, suffix: String) -> SandboxServedAd? {
        guard file.hasSuffix(suffix) else { return nil }
        return served[String(file.dropLast(suffix.count))]
    }

    private func image(width: Int, height: Int) -> Data {
        let key = "\(width)x\(height)"
        if let cached = imageCache[key] { return cached }
        let png = PNGImage.make(width: width, height: height)
        imageCache[key] = png
        return png
    }
}

private extension HTTPResponseAction {
    func withStatus(_ status: Int) -> HTTPResponseAction {
        guard case .respond(var response) = self else { return self }
        response.status = status
        return .respond(response)
    }
}

private extension SandboxServedAd {
    var vast: SandboxVAST? {
        switch creative {
        case .vast(let vast), .inlineVAST(let vast): vast
        default: nil
        }
    }
}

private extension String {
    /// The string with zeros before it up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
