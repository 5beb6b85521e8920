import KontextVideoConcurrency
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoScheduling

/// The SDK's whole conversation with the ad server: `/init`, ad requests, and events and
/// tracking pixels through the durable pipeline (`PROTOCOL.md`).
package actor AdServerClient {
    /// The time-out of one `/init` or ad request attempt.
    package static let requestTimeout: Duration = .seconds(16)

    /// Who is talking.
    package nonisolated let environment: AdServerIdentity
    /// The install id, kept across launches.
    package nonisolated let installId: UUID
    /// The durable pipeline of events and pixels.
    package nonisolated let pipeline: EventPipeline
    /// Where request ids come from, and the pipeline's entry ids.
    package nonisolated let identifiers: any IdentifierSource

    private nonisolated let session: LockedState<String?>
    /// The tracking host the last `/init` answer announced and `TrackingHost` accepted.
    private nonisolated let trackingHost = LockedState<TrackingHost?>(nil)
    private nonisolated let defaults: SharedDefaults
    private let clock: any SchedulingClock
    private let transport: any HTTPTransport
    private let events: any KontextVideoEventMonitor
    private var state: KontextVideoState?
    private var initialization: Task<KontextVideoState, Never>?

    /// Creates a client. `storageDirectory` holds the install id and the event queues (the
    /// app's own directory); `defaults` is the consent platform's shared storage (and mirrors
    /// the install id under `installIdDefaultsKey`); `identifiers` gives request, event and pixel
    /// ids (the facade passes its environment's; random by default).
    package init(
        environment: AdServerIdentity,
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        defaults: UserDefaults,
        installIdDefaultsKey: String = InstallIdentifier.defaultsKey,
        events: any KontextVideoEventMonitor,
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) {
        self.init(
            environment: environment, clock: clock, transport: transport, storageDirectory: storageDirectory,
            sharedDefaults: SharedDefaults(defaults), installIdDefaultsKey: installIdDefaultsKey, events: events,
            identifiers: identifiers
        )
    }

    /// Creates a client with defaults already wrapped for sharing across isolation domains.
    package init(
        environment: AdServerIdentity,
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        sharedDefaults defaults: SharedDefaults,
        installIdDefaultsKey: String = InstallIdentifier.defaultsKey,
        events: any KontextVideoEventMonitor,
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) {
        let session = LockedState<String?>(nil)
        let installId = InstallIdentifier.load(
            storageDirectory: storageDirectory, defaults: defaults.defaults, defaultsKey: installIdDefaultsKey)
        self.environment = environment
        self.installId = installId
        self.session = session
        self.defaults = defaults
        self.clock = clock
        self.transport = transport
        self.events = events
        self.identifiers = identifiers
        self.pipeline = EventPipeline(
            storage: storageDirectory,
            transport: transport,
            clock: clock,
            environment: environment,
            installId: installId,
            sessionId: { session.snapshot },
            events: events,
            batchWindow: EventPipeline.defaultBatchWindow,
            identifiers: identifiers
        )
    }

    /// The `sessionId` of the last answer that had one.
    package nonisolated var sessionId: String? {
        session.snapshot
    }

    /// The host for ad requests that carry tracking data, from the `/init` answer; `nil` before
    /// it, or when the server announced none the SDK may use.
    package nonisolated var announcedTrackingHost: TrackingHost? {
        trackingHost.snapshot
    }

    /// The state of the last finished `/init`, or `nil` before the first one finished.
    package var currentState: KontextVideoState? {
        state
    }

    /// Contacts the server the first time and starts event delivery; later calls return
    /// `.enabled` or `.disabled` as it was, and after `.failed` try `/init` again. Concurrent
    /// calls share one `/init`, which runs on a budget of its own (`TimeBudget.publicCall`).
    /// When to try again is the caller's decision (the facade's `SDKSession.requireEnabled`).
    package func initialize() async -> KontextVideoState {
        await pipeline.start()
        if let state, state != .failed { return state }
        let task = initialization ?? startInitialization()
        return await task.value
    }

    private func startInitialization() -> Task<KontextVideoState, Never> {
        let task = Task { () -> KontextVideoState in
            let result = await self.performInit(budget: TimeBudget(on: self.clock))
            self.finishInitialization(result)
            return result
        }
        initialization = task
        return task
    }

    private func finishInitialization(_ result: KontextVideoState) {
        initialization = nil
        state = result
        // The facade reports the SDK's state to the app's console (once); this is the wire's view.
        events.record(KontextVideoEvent(.state, .initialized, level: .debug, attributes: ["state": "\(result)"]))
    }

    /// Asks for an ad, once `/init` enabled the SDK. Otherwise throws `.notInitialized(state)`
    /// (the last `/init`'s state; `.failed` before one finished) and sends nothing: it never
    /// retries `/init` itself, the facade decides that before the request
    /// (`SDKSession.requireEnabled`). The request carries `requestId`, or a new id of the client's
    /// `identifiers`. With a `budget`, the attempts and their back-offs live inside it.
    package func requestAd(_ request: AdRequest, requestId: UUID? = nil, budget: TimeBudget? = nil) async throws(AdRequestFailure) -> AdAnswer {
        guard state == .enabled else { throw .notInitialized(state ?? .failed) }
        let requestId = requestId ?? identifiers.next()
        let regulatory = ConsentResolver.resolve(defaults: defaults.defaults, appRegulatory: request.regulatory)
        let route = TrackingRoute(
            hasTrackingData: request.hasTrackingData, trackingAuthorization: request.identifiers.trackingAuthorization,
            trackingHost: trackingHost.snapshot)
        let body = PreloadRequestBody(
            request: request, environment: environment, requestId: requestId, installId: installId,
            sessionId: sessionId, regulatory: regulatory, carriesTrackingData: route.carriesTrackingData
        )
        let described = ["format": request.format.rawValue, "requestId": requestId.lowercasedString]
        events.record(.debug) { AdRequestDescription.event(request, requestId: requestId, regulatory: regulatory) }
        if let omission = route.omission {
            events.record(.debug) {
                KontextVideoEvent(.state, .trackingDataOmitted, attributes: described.merging(["reason": omission.rawValue]) { $1 })
            }
        }
        let data: Data
        do {
            data = try Self.encoder.encode(body)
        } catch {
            throw .decoding("request not encodable: \(error)")
        }
        let call = ServerCall.post(
            "/video/preload", name: .preloadRequest, body: data, environment: environment, host: route.trackingHost,
            timeout: Self.requestTimeout, policy: .standard)
        let answerData: Data
        let response: HTTPURLResponse
        do {
            (answerData, response) = try await call.run(transport: transport, clock: clock, events: events, budget: budget)
        } catch {
            events.record(KontextVideoEvent(.error, .preloadRequest, level: .info, attributes: described.merging(["failure": error.description]) { $1 }))
            throw error
        }
        let answer = PreloadAnswer(status: response.statusCode, body: answerData, requestedFormat: request.format)
        remember(answer.sessionId)
        switch answer.result {
        case .success(.noFill(let reason)):
            // Normal, but the first thing a publisher asks: why no ad. One line, with the reason.
            events.record(KontextVideoEvent(.response, .noFill, level: .debug, attributes: described.merging(["reason": "\(reason)"]) { $1 }))
            return .noFill(reason)
        case .success(let result):
            return result
        case .failure(let failure):
            events.record(KontextVideoEvent(.error, .preloadRequest, level: .info, attributes: described.merging(["failure": failure.description]) { $1 }))
            throw failure
        }
    }

    /// Queues `event` durably (written to disk before this returns) for delivery; returns its
    /// `eventId` (lowercase), given now.
    @discardableResult
    package nonisolated func send(_ event: ServerEvent) -> String {
        pipeline.submit(.event(event))
    }

    /// Queues a VAST tracking pixel durably for a plain `GET`; returns its queue entry's id.
    @discardableResult
    package nonisolated func sendPixel(_ url: URL) -> String {
        pipeline.submit(.pixel(url))
    }

    /// One `/init` with its retries, inside `budget`.
    private func performInit(budget: TimeBudget) async -> KontextVideoState {
        let body = InitRequestBody(environment: environment, installId: installId.lowercasedString)
        guard let data = try? Self.encoder.encode(body) else { return .failed }
        let call = ServerCall.post("/init", name: .initRequest, body: data, environment: environment, timeout: Self.requestTimeout, policy: .standard)
        do {
            let (answerData, response) = try await call.run(transport: transport, clock: clock, events: events, budget: budget)
            guard (200..<300).contains(response.statusCode) else { return .failed }
            let answer = try InitAnswer.decode(answerData)
            remember(answer.sessionId)
            acceptTrackingHost(answer.trackingUrl)
            return answer.state
        } catch let failure as AdRequestFailure {
            events.record(KontextVideoEvent(.error, .initRequest, level: .warning, attributes: ["failure": failure.description]))
            return .failed
        } catch {
            events.record(KontextVideoEvent(.error, .initRequest, level: .warning, attributes: [
                "failure": "decoding(\(PreloadAnswer.describe(error)))",
            ]))
            return .failed
        }
    }

    /// Keeps the tracking host an `/init` answer announced, when it may carry tracking data; a
    /// refused one is said once, at `.error` (a misconfigured server, not the app's doing).
    private nonisolated func acceptTrackingHost(_ announced: String?) {
        guard let announced else {
            trackingHost.withLock { $0 = nil }
            return
        }
        do throws(TrackingHost.Refusal) {
            let host = try TrackingHost(announced: announced)
            trackingHost.withLock { $0 = host }
        } catch {
            trackingHost.withLock { $0 = nil }
            events.record(KontextVideoEvent(.error, .trackingURLRefused, level: .error, attributes: [
                "trackingUrl": announced, "reason": error.description,
            ]))
        }
    }

    private nonisolated func remember(_ sessionId: String?) {
        guard let sessionId, !sessionId.isEmpty else { return }
        session.withLock { $0 = sessionId }
    }

    private static var encoder: JSONEncoder { .kontext }
}
