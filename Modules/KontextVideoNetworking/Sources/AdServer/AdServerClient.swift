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
    /// The install id kept across launches, while consent allows one (`InstallIdentity`).
    package nonisolated let identity: InstallIdentity
    /// The app's consent values of the last request (`AdRequest.regulatory`), which `/init` and
    /// the event batches obey between requests.
    private nonisolated let lastRegulatory: LockedState<KontextVideoRegulatory?>
    /// The durable pipeline of events and pixels.
    package nonisolated let pipeline: EventPipeline
    /// Where request ids come from, and the pipeline's entry ids.
    package nonisolated let identifiers: any IdentifierSource

    private nonisolated let session: LockedState<String?>
    /// The tracking host the last `/init` answer announced and `TrackingHost` accepted.
    /// The host for ad requests that carry tracking data, from the `/init` answer and accepted by
    /// `TrackingHost`; `nil` before it, or when the server announced none the SDK may use.
    nonisolated let trackingHost: LockedState<TrackingHost?>
    private nonisolated let defaults: SharedDefaults
    private let clock: any SchedulingClock
    private let transport: any HTTPTransport
    private let events: any KontextVideoEventMonitor
    /// The state of the last finished `/init`, or `nil` before the first one finished.
    private(set) var state: KontextVideoState?
    private var initialization: Task<KontextVideoState, Never>?
    /// The first `/init`, sent while the client was being made (`sendsInitAtOnce`), until
    /// `initialize()` takes it over.
    private var initSentAtCreation: Task<KontextVideoState, Never>?

    /// Creates a client. `storageDirectory` holds the install id and the event queues (the app's
    /// own directory); `defaults` is the consent platform's shared storage (and mirrors the install
    /// id under `installIdDefaultsKey`); `identifiers` gives request, event and pixel ids (the
    /// facade passes its environment's; random by default). With
    /// `sendsInitAtOnce`, the first `/init` leaves as soon as the install id is read, before the
    /// event queue is opened (the directory claim, the destination record, the retention sweep:
    /// milliseconds of disk at launch that `/init` does not need); `initialize()` then waits for
    /// that one instead of sending its own. Without it (the default), nothing is sent before
    /// `initialize()`. `wallClock` dates what the pipeline queues (an event's timestamp) and
    /// measures the retention of queues left on disk: the facade's, injected once.
    package init(
        environment: AdServerIdentity,
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        sharedDefaults defaults: SharedDefaults,
        installIdDefaultsKey: String = InstallIdentifier.defaultsKey,
        events: any KontextVideoEventMonitor,
        identifiers: any IdentifierSource = RandomIdentifiers(),
        sendsInitAtOnce: Bool = false,
        regulatory: KontextVideoRegulatory? = nil,
        wallClock: WallClock = .system
    ) {
        let session = LockedState<String?>(nil)
        let lastRegulatory = LockedState(regulatory)
        let installIdAllowed: @Sendable () -> Bool = { Self.installIdAllowed(defaults: defaults, lastRegulatory: lastRegulatory) }
        let identity = InstallIdentity(
            storageDirectory: storageDirectory, defaults: defaults, defaultsKey: installIdDefaultsKey, events: events,
            allowed: installIdAllowed())
        let installId = identity.snapshot
        let trackingHost = LockedState<TrackingHost?>(nil)
        self.trackingHost = trackingHost
        if sendsInitAtOnce {
            initSentAtCreation = Task {
                await Self.performInit(
                    environment: environment, installId: installId, transport: transport, clock: clock, events: events,
                    session: session, trackingHost: trackingHost, budget: TimeBudget(on: clock))
            }
        }
        self.environment = environment
        self.identity = identity
        self.lastRegulatory = lastRegulatory
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
            installId: { identity.id(allowed: installIdAllowed()) },
            sessionId: { session.snapshot },
            events: events,
            batchWindow: EventPipeline.defaultBatchWindow,
            wallClock: { wallClock.now },
            identifiers: identifiers
        )
    }

    /// Whether consent allows the install id now: the consent platform's storage, and the app's
    /// values of the last request.
    private nonisolated func installIdAllowed() -> Bool {
        Self.installIdAllowed(defaults: defaults, lastRegulatory: lastRegulatory)
    }

    /// Whether consent allows the install id, from the consent platform's storage in `defaults` and
    /// the app's values `lastRegulatory` holds (the client's and its pipeline's one reading).
    private static func installIdAllowed(defaults: SharedDefaults, lastRegulatory: LockedState<KontextVideoRegulatory?>) -> Bool {
        ConsentPolicy(ConsentSignals(defaults: defaults.defaults, regulatory: lastRegulatory.snapshot, tracking: nil)).installId
    }

    /// The `sessionId` of the last answer that had one.
    package nonisolated var sessionId: String? {
        session.snapshot
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

    /// What the `/init` sent as the client was made (`sendsInitAtOnce`) answered, once it did,
    /// without starting event delivery or taking that `/init` over; `nil` when none was sent or
    /// `initialize()` took it over already.
    package func stateOfInitSentAtCreation() async -> KontextVideoState? {
        await initSentAtCreation?.value
    }

    private func startInitialization() -> Task<KontextVideoState, Never> {
        let sentAtCreation = initSentAtCreation
        initSentAtCreation = nil
        let task = Task { () -> KontextVideoState in
            let result: KontextVideoState
            if let sentAtCreation {
                result = await sentAtCreation.value
            } else {
                result = await Self.performInit(
                    environment: self.environment, installId: self.identity.id(allowed: self.installIdAllowed()),
                    transport: self.transport, clock: self.clock,
                    events: self.events, session: self.session, trackingHost: self.trackingHost,
                    budget: TimeBudget(on: self.clock))
            }
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
        // Consent is read again for every request: a change in the consent platform applies now.
        lastRegulatory.withLock { $0 = request.regulatory }
        let policy = ConsentPolicy(ConsentSignals(
            resolved: regulatory, defaults: defaults.defaults, tracking: request.identifiers.trackingAuthorization))
        let installId = identity.id(allowed: policy.installId)
        let request = request.obeying(policy)
        let route = TrackingRoute(
            hasTrackingData: request.hasTrackingData, trackingAuthorization: request.identifiers.trackingAuthorization,
            trackingHost: policy.trackingHost ? trackingHost.snapshot : nil)
        let body = PreloadRequestBody(
            request: request, environment: environment, requestId: requestId, installId: installId,
            sessionId: sessionId, regulatory: regulatory, carriesTrackingData: route.carriesTrackingData
        )
        let described = ["format": request.format.rawValue, "requestId": requestId.lowercasedString]
        if !policy.reasons.isEmpty {
            events.record(.debug) {
                KontextVideoEvent(.state, .consentApplied, attributes: described.merging([
                    "reasons": policy.reasons.joined(separator: ", "),
                    "left": policy.leftOut.joined(separator: ", "),
                ]) { $1 })
            }
        }
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
        let answer = PreloadAnswer(
            status: response.statusCode, body: answerData, requestedFormat: request.format, urlRule: AdURLRule(serverURL: environment.serverURL))
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

    /// One `/init` with its retries, inside `budget`: the answer's session id goes into `session`,
    /// the tracking host it announced (when acceptable) into `trackingHost`. Static, so the client
    /// can send it before it is whole (`sendsInitAtOnce`).
    private static func performInit(
        environment: AdServerIdentity, installId: UUID?, transport: any HTTPTransport, clock: any SchedulingClock,
        events: any KontextVideoEventMonitor, session: LockedState<String?>, trackingHost: LockedState<TrackingHost?>,
        budget: TimeBudget
    ) async -> KontextVideoState {
        let body = InitRequestBody(environment: environment, installId: installId?.lowercasedString)
        guard let data = try? encoder.encode(body) else { return .failed }
        let call = ServerCall.post("/init", name: .initRequest, body: data, environment: environment, timeout: requestTimeout, policy: .standard)
        do {
            let (answerData, response) = try await call.run(transport: transport, clock: clock, events: events, budget: budget)
            guard (200..<300).contains(response.statusCode) else { return .failed }
            let answer = try InitAnswer.decode(answerData)
            remember(answer.sessionId, in: session)
            accept(answer.trackingUrl, into: trackingHost, events: events)
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
    private static func accept(_ announced: String?, into trackingHost: LockedState<TrackingHost?>, events: any KontextVideoEventMonitor) {
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

    /// Keeps the session id of an answer that has one.
    private static func remember(_ sessionId: String?, in session: LockedState<String?>) {
        guard let sessionId, !sessionId.isEmpty else { return }
        session.withLock { $0 = sessionId }
    }

    private nonisolated func remember(_ sessionId: String?) {
        Self.remember(sessionId, in: session)
    }

    private static var encoder: JSONEncoder { .kontext }
}
