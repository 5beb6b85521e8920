import Foundation

/// Everything a ``SandboxAdServer`` knows, behind one lock: the scripted answers, the ads it
/// served, and the recordings. Its `handle(_:)` is the HTTP handler; it runs on connection
/// threads. The protocol's answers are rendered in `SandboxState+Answers.swift`, everything else
/// it serves in `SandboxState+Resources.swift`.
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
    // Not private: the answers (`SandboxState+Answers.swift`) and the resources
    // (`SandboxState+Resources.swift`) read and change these, under the lock.
    var base = ""
    var trackingBase = ""
    var scenario: SandboxScenario
    var sessionId: String?
    /// The session id this sandbox issues by default (``SandboxAnswer/ownSession``): its own.
    let ownSessionId = "sandbox-session-" + String(UInt32.random(in: .min ... .max), radix: 16).leftPadded(to: 8)
    /// Every session id an answer carried, and every ad id a `/video/preload` answer named:
    /// what events may name (``ProtocolValidator/Issued``).
    var issued = ProtocolValidator.Issued()
    var adCounter = 0
    var served: [String: SandboxServedAd] = [:]
    var servedOrder: [String] = []
    var imageCache: [String: Data] = [:]

    private(set) var requests: [RecordedRequest] = []
    /// The index the next request gets (requests are recorded once handled, so out of order).
    private var nextRequestIndex = 0
    private(set) var events: [RecordedEvent] = []
    private(set) var uniqueEvents: [RecordedEvent] = []
    private var seenEventIds: Set<String> = []
    /// The pixel hits, in arrival order (`SandboxState+Resources.swift` records them).
    var pixelHits: [PixelHit] = []
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
}

private extension String {
    /// The string with zeros before it up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
