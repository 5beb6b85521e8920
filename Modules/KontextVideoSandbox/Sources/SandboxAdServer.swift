import Foundation

/// A sandbox Kontext ad server on loopback HTTP that speaks the wire protocol
/// (`Modules/KontextVideoNetworking/PROTOCOL.md`) from plain JSON, records everything it
/// hears, and misbehaves on demand.
///
/// ```swift
/// let server = try SandboxAdServer()            // started, on an ephemeral port
/// defer { server.stop() }
/// server.enqueue(.noFill(skipCode: "frequency_cap"), for: .overlay)
/// let gate = server.hold(.ad(), for: .linear)   // the next linear answer waits for the gate
/// // … point the SDK at server.baseURL …
/// try await gate.waitUntilHeld(); gate.release()
/// let events = try await server.waitForEvents(count: 2)
/// #expect(server.protocolViolations.isEmpty)
/// ```
///
/// Endpoints: `POST /init`, `POST /video/preload`, `POST /video/events`, on ``baseURL``; ad requests
/// that carry tracking data go to the tracking host the `/init` answer announces,
/// ``trackingBaseURL`` (a second port, the same sandbox); and the resources
/// of the ads it serves: `GET /creatives/<adId>.html`, `/images/<adId>.png`,
/// `/vast/<adId>.xml` (and `/vast/<adId>/hop-<n>.xml`, `/vast/<adId>/inline.xml` of wrapper
/// chains), `/media/<adId>.mp4`, `/landing/<adId>`, and the tracking pixels
/// `/pixel/<adId>/<name>?…` (also `/pixel/<name>`), which are recorded as ``pixelHits``.
///
/// All members are thread-safe. Dropping the last reference stops the server.
public final class SandboxAdServer: Sendable {
    private let http: HTTPServer
    private let trackingHTTP: HTTPServer
    private let state: SandboxState

    /// Starts a sandbox on 127.0.0.1, or on `host`.
    ///
    /// - Parameters:
    ///   - scenario: the scripted answers (default: enabled, an ad for every format, events accepted).
    ///   - host: the numeric address to listen on (default `127.0.0.1`). The URLs of the ads it
    ///     serves carry it, so a device on the network needs this machine's address there.
    ///   - port: the port; 0 (the default) picks a free ephemeral port.
    ///   - logger: called with one line per request (and its protocol violations), on a
    ///     connection thread; the stand-alone server prints them.
    /// - Throws: ``HTTPServerError`` when the host is not a numeric address or the port cannot be bound.
    public init(scenario: SandboxScenario = SandboxScenario(), host: String = "127.0.0.1", port: UInt16 = 0,
                logger: (@Sendable (String) -> Void)? = nil) throws(HTTPServerError) {
        let state = SandboxState(scenario: scenario, logger: logger)
        self.state = state
        http = HTTPServer(host: host, port: port) { request in state.handle(request, via: .adServer) }
        trackingHTTP = HTTPServer(host: host, port: 0) { request in state.handle(request, via: .trackingHost) }
        try http.start()
        try trackingHTTP.start()
        state.setBase(http.baseURL, tracking: trackingHTTP.baseURL)
        if HTTPServerAddress(host)?.isLoopback == false {
            // The SDK takes a tracking host only on https at a declared domain, or on loopback:
            // one on a LAN address would be refused, so it is not announced (no tracking data flows).
            state.updateScenario { $0.announcesTrackingHost = false }
        }
    }

    /// Starts a sandbox that plays the scenario file at `scenarioFile` (format: the module README).
    /// - Parameters:
    ///   - scenarioFile: A scenario file (JSON).
    ///   - host: the numeric address to listen on; 127.0.0.1 (the default) keeps it on this machine.
    ///   - port: the port; 0 (the default) picks a free ephemeral port.
    ///   - logger: called with one line per request, on a connection thread.
    /// - Throws: ``SandboxScenarioError`` when the file cannot be read or is not a valid scenario,
    ///   ``HTTPServerError`` when the host is not a numeric address or the port cannot be bound.
    public convenience init(scenarioFile: URL, host: String = "127.0.0.1", port: UInt16 = 0,
                            logger: (@Sendable (String) -> Void)? = nil) throws {
        try self.init(scenario: SandboxScenario(contentsOf: scenarioFile), host: host, port: port, logger: logger)
    }

    deinit {
        stop()
    }

    /// The bound port.
    public var port: UInt16 { http.port }

    /// `http://127.0.0.1:<port>` (or the host it listens on): the SDK's `serverURL`.
    public var baseURL: URL { http.baseURL }

    /// The tracking host, on another ephemeral port of the same address: the `/init` answer's
    /// `trackingUrl`, where the SDK sends the ad requests that carry tracking data.
    public var trackingBaseURL: URL { trackingHTTP.baseURL }

    /// The session id this sandbox issues unless a scripted answer names another
    /// (``SandboxAnswer/ownSession``): `sandbox-session-` and eight hex digits, its own.
    public var ownSessionId: String { state.ownSessionId }

    /// Stops the server: closes every connection (held and hung ones too) and fails pending
    /// waits with ``SandboxWaitError/stopped(_:)``. Idempotent. Do not call it from a logger.
    public func stop() {
        http.stop()
        trackingHTTP.stop()
        state.waiters.failAll(with: SandboxWaitError.stopped("the server stopped"))
    }

    // MARK: Scripting

    /// Queues answers to `/init`; they are used in order, before the default.
    ///
    /// ```swift
    /// server.enqueueInit(.serverError(), .enabled())
    /// // initialize() ends .failed; the first format() retries /init and is answered enabled
    /// ```
    ///
    /// - Parameter answers: The answers, in order.
    public func enqueueInit(_ answers: SandboxAnswer...) {
        state.updateScenario { $0.initAnswers += answers }
    }

    /// Queues answers to `/video/preload` for `format`; used in order, before the default.
    ///
    /// ```swift
    /// server.enqueue(.noFill(skipCode: "frequency_cap"), .ad(), for: .pause)
    /// ```
    ///
    /// - Parameters:
    ///   - answers: The answers, in order.
    ///   - format: The requested format they answer.
    public func enqueue(_ answers: SandboxAnswer..., for format: SandboxFormat) {
        state.updateScenario { $0.preloadAnswers[format, default: []] += answers }
    }

    /// Queues answers to `/video/events`; used in order, before the default.
    /// - Parameter answers: The answers, in order.
    public func enqueueEvents(_ answers: SandboxAnswer...) {
        state.updateScenario { $0.eventsAnswers += answers }
    }

    /// Sets the answer to `/init` once its queue is empty.
    /// - Parameter answer: The answer.
    public func setDefaultInit(_ answer: SandboxAnswer) {
        state.updateScenario { $0.defaultInitAnswer = answer }
    }

    /// Sets the answer to `/video/preload` for `format` once its queue is empty.
    /// - Parameters:
    ///   - answer: The answer.
    ///   - format: The requested format it answers.
    public func setDefault(_ answer: SandboxAnswer, for format: SandboxFormat) {
        state.updateScenario { $0.defaultPreloadAnswers[format] = answer }
    }

    /// Sets the answer to `/video/events` once its queue is empty.
    /// - Parameter answer: The answer.
    public func setDefaultEvents(_ answer: SandboxAnswer) {
        state.updateScenario { $0.defaultEventsAnswer = answer }
    }

    /// Queues `answer` for `format`, held until the returned gate is released.
    ///
    /// ```swift
    /// let gate = server.hold(for: .linear)
    /// let request = Task { try await ads.format(.linear) }
    /// try await gate.waitUntilHeld()   // the request reached the server
    /// ads.destroy()                    // the format() in flight throws .destroyed
    /// gate.release()
    /// ```
    ///
    /// - Parameters:
    ///   - answer: The answer given once released; an ad by default.
    ///   - format: The requested format it answers.
    /// - Returns: The gate; ``ResponseGate/release()`` lets the answer go.
    public func hold(_ answer: SandboxAnswer = .ad(), for format: SandboxFormat) -> ResponseGate {
        let gate = ResponseGate()
        enqueue(.held(gate, then: answer), for: format)
        return gate
    }

    /// Queues `answer` to `/init`, held until the returned gate is released.
    /// - Parameter answer: The answer given once released; enabled by default.
    /// - Returns: The gate; ``ResponseGate/release()`` lets the answer go.
    public func holdInit(_ answer: SandboxAnswer = .enabled()) -> ResponseGate {
        let gate = ResponseGate()
        enqueueInit(.held(gate, then: answer))
        return gate
    }

    /// Queues `answer` to `/video/events`, held until the returned gate is released.
    /// - Parameter answer: The answer given once released; all accepted by default.
    /// - Returns: The gate; ``ResponseGate/release()`` lets the answer go.
    public func holdEvents(_ answer: SandboxAnswer = .accepted) -> ResponseGate {
        let gate = ResponseGate()
        enqueueEvents(.held(gate, then: answer))
        return gate
    }

    /// The answers still queued: `/init`, `/video/preload` per format, `/video/events`.
    public var pendingAnswerCounts: (initialize: Int, preload: [SandboxFormat: Int], events: Int) {
        state.pendingCounts()
    }

    // MARK: Recordings

    /// Every request received, in arrival order.
    public var requests: [RecordedRequest] {
        state.read { $0.requests }
    }

    /// The requests received at `path` (e.g. `/video/preload`), in arrival order.
    /// - Parameter path: The path, such as `/video/preload`.
    /// - Returns: The requests to it so far.
    public func requests(path: String) -> [RecordedRequest] {
        state.read { $0.requests.filter { $0.path == path } }
    }

    /// Every event received through `/video/events`, every delivery of it (duplicates included).
    public var events: [RecordedEvent] {
        state.read { $0.events }
    }

    /// The events received, the first delivery of each `eventId` (the server's deduplication).
    public var uniqueEvents: [RecordedEvent] {
        state.read { $0.uniqueEvents }
    }

    /// The tracking pixels hit, in arrival order.
    public var pixelHits: [PixelHit] {
        state.read { $0.pixelHits }
    }

    /// Every way a request broke the protocol's conventions; empty for a well-behaved SDK.
    public var protocolViolations: [ProtocolViolation] {
        state.read { $0.violations }
    }

    /// The ads the server answered with, in order (an explicit id used twice appears once).
    public var servedAds: [SandboxServedAd] {
        state.read { $0.servedAds }
    }

    /// Forgets the recorded requests, events, pixel hits and violations (not the scripted
    /// answers, nor the served ads). Request indices restart at 0.
    public func clearRecordings() {
        state.clearRecordings()
    }

    // MARK: Waiting

    /// Returns the requests (at `path`, or all) once at least `count` arrived.
    ///
    /// Waits are woken by arrivals, never by polling. They throw `CancellationError` when the
    /// task is cancelled, ``SandboxWaitError/stopped(_:)`` when the server stops, and
    /// ``SandboxWaitError/timedOut(_:)`` after 5 minutes of real time — a safety net that keeps a
    /// broken test from hanging the suite, never the way a passing test finishes.
    ///
    /// ```swift
    /// let preloads = try await server.waitForRequests(path: "/video/preload", count: 1)
    /// #expect(preloads[0].json?["labels"]?["stage"] == "first_episode")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path to count, such as `/video/preload`; `nil` (the default) counts every request.
    ///   - count: How many to wait for.
    /// - Returns: The matching requests, once there are at least `count`.
    /// - Throws: `CancellationError` when the task is cancelled, ``SandboxWaitError/stopped(_:)``
    ///   when the server stops, ``SandboxWaitError/timedOut(_:)`` after 5 minutes of real time.
    @discardableResult
    public func waitForRequests(path: String? = nil, count: Int) async throws -> [RecordedRequest] {
        try await waitUntil("\(count) request(s)\(path.map { " to \($0)" } ?? "")") { server in
            server.matchingRequests(path: path).count >= count
        }
        return matchingRequests(path: path)
    }

    /// Returns the events once at least `count` arrived: distinct `eventId`s when `unique`
    /// (the default, ``uniqueEvents``), every delivery otherwise (``events``).
    ///
    /// ```swift
    /// let events = try await server.waitForEvents(count: 2)
    /// #expect(events.map(\.type) == ["impression", "ended"])
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many to wait for.
    ///   - unique: Whether to count distinct `eventId`s (the default) or every delivery.
    /// - Returns: The events, once there are at least `count`.
    /// - Throws: `CancellationError` when the task is cancelled, ``SandboxWaitError/stopped(_:)``
    ///   when the server stops, ``SandboxWaitError/timedOut(_:)`` after 5 minutes of real time.
    @discardableResult
    public func waitForEvents(count: Int, unique: Bool = true) async throws -> [RecordedEvent] {
        try await waitUntil("\(count) \(unique ? "unique " : "")event(s)") { server in
            (unique ? server.uniqueEvents : server.events).count >= count
        }
        return unique ? uniqueEvents : events
    }

    /// Returns the pixel hits (named `name` and/or of `adId`, or all) once at least `count` arrived.
    ///
    /// ```swift
    /// let errors = try await server.waitForPixelHits(count: 1, name: "error")
    /// #expect(errors[0].query["code"] == "403")
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many to wait for.
    ///   - adId: Only the pixels of this ad; `nil` (the default) for any.
    ///   - name: Only the pixels of this name, such as `impression` or `firstQuartile`; `nil` for any.
    /// - Returns: The matching hits, once there are at least `count`.
    /// - Throws: `CancellationError` when the task is cancelled, ``SandboxWaitError/stopped(_:)``
    ///   when the server stops, ``SandboxWaitError/timedOut(_:)`` after 5 minutes of real time.
    @discardableResult
    public func waitForPixelHits(count: Int, adId: String? = nil, name: String? = nil) async throws -> [PixelHit] {
        let matching: @Sendable (SandboxAdServer) -> [PixelHit] = { server in
            server.pixelHits.filter { (adId == nil || $0.adId == adId) && (name == nil || $0.name == name) }
        }
        try await waitUntil("\(count) pixel hit(s)") { matching($0).count >= count }
        return matching(self)
    }

    /// Returns once `condition` holds; it is evaluated now and after every request.
    /// - Parameters:
    ///   - description: What is awaited, for the time-out's message.
    ///   - condition: Evaluated now and after every request, on a server thread.
    /// - Throws: `CancellationError` when the task is cancelled, ``SandboxWaitError/stopped(_:)``
    ///   when the server stops, ``SandboxWaitError/timedOut(_:)`` after 5 minutes of real time.
    public func waitUntil(_ description: String = "a condition", _ condition: @escaping @Sendable (SandboxAdServer) -> Bool) async throws {
        try await state.waiters.wait(description) { [weak self] in
            guard let self else { return false }
            return condition(self)
        }
    }

    private func matchingRequests(path: String?) -> [RecordedRequest] {
        path.map { requests(path: $0) } ?? requests
    }
}
