import Foundation

/// The answers to the three protocol endpoints, called under the lock: the next scripted one,
/// rendered to a response and a summary for the log.
extension SandboxState {
    /// The endpoint's next scripted answer, or its default once the queue is used up.
    func nextAnswer(for endpoint: Endpoint) -> SandboxAnswer {
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

    /// The response to `answer` and its summary; an answer that names ads or sessions notes them
    /// as issued.
    func render(_ answer: SandboxAnswer, for endpoint: Endpoint, requestIndex: Int) -> (HTTPResponseAction, String) {
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
            creativeJSON = ["type": "vast", "vast": .string(VASTDocuments.entry(vast, base: base, adId: id, duration: ad.duration, verifications: ad.verifications))]
        case .url(let type, let url):
            creativeJSON = ["type": .string(type), "url": .string(substitute(url, adId: id))]
        }
        if let width { creativeJSON["width"] = .number(Double(width)) }
        if let height { creativeJSON["height"] = .number(Double(height)) }
        if let fullScreen = ad.fullScreen { creativeJSON["fullScreen"] = .bool(fullScreen) }
        if let click = ad.clickURL { creativeJSON["clickUrl"] = .string(substitute(click, adId: id)) }
        if let fallback = ad.fallbackURL { creativeJSON["fallbackUrl"] = .string(substitute(fallback, adId: id)) }
        if let store = ad.appStoreID { creativeJSON["appStoreId"] = .string(store) }
        if let store = ad.appStoreID, let attribution = ad.attribution {
            creativeJSON["attribution"] = attribution.json(adId: id, appStoreID: store, timestamp: Int(Date().timeIntervalSince1970 * 1000))
        }

        var adJSON: [String: JSONValue] = ["id": .string(id), "format": .string(format.rawValue), "creative": .object(creativeJSON)]
        if let price = ad.price { adJSON["price"] = price.json }
        if let duration = ad.duration { adJSON["duration"] = .number(duration) }
        if let expiresIn = ad.expiresIn { adJSON["expiresIn"] = .number(expiresIn) }
        adJSON.merge(ad.extraFields) { _, extra in extra }

        var top: [String: JSONValue] = ["ad": .object(adJSON)]
        if let sessionId { top["sessionId"] = .string(sessionId) }
        top.merge(ad.extraTopLevelFields) { _, extra in extra }
        if let session = top["sessionId"]?.stringValue { issued.sessions.insert(session) }

        var servedAd = SandboxServedAd(id: id, format: format, creative: creative, duration: ad.duration, width: width, height: height,
                                clickURL: ad.clickURL.map { substitute($0, adId: id) }, json: .object(adJSON), requestIndex: requestIndex)
        servedAd.verifications = ad.verifications
        servedAd.captionsAndIcon = ad.captionsAndIcon
        if served.updateValue(servedAd, forKey: id) == nil { servedOrder.append(id) }
        issued.adIds.insert(id)
        return (.object(top), servedAd)
    }

    private func substitute(_ template: String, adId: String) -> String {
        template.replacingOccurrences(of: "{base}", with: base).replacingOccurrences(of: "{adId}", with: adId)
    }
}

private extension HTTPResponseAction {
    func withStatus(_ status: Int) -> HTTPResponseAction {
        guard case .respond(var response) = self else { return self }
        response.status = status
        return .respond(response)
    }
}
