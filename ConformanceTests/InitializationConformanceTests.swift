import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// `KontextVideo.shared`, `initialize(with:)` in both forms, the states it returns, the retry of
/// a failed initialization, and what every request carries (token, version, user, consent, variant).
@Suite("Conformance: initialization")
@MainActor
struct InitializationConformanceTests {
    @Test("[INIT-001] KontextVideo.shared is the same instance on every access")
    func sharedIsOneInstance() {
        let first = KontextVideo.shared
        let second = KontextVideo.shared
        #expect(first === second)
    }

    @Test("[INIT-002] initialize(with:completion:) returns at once; the server then receives exactly one POST /init with the token")
    func initializeReturnsAtOnceAndCallsInit() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let recorder = CompletionRecorder()
            KontextVideo.shared.initialize(with: configuration(harness, token: "globex-dev"), completion: recorder.record)
            #expect(recorder.states.isEmpty, "completion ran inside initialize")
            try await server.waitForRequests(path: "/init", count: 1)
            await spin { !recorder.states.isEmpty }
            let inits = server.requests(path: "/init")
            #expect(inits.count == 1)
            #expect(inits.first?.method == "POST")
            #expect(inits.first?.json?["publisherToken"]?.stringValue == "globex-dev")
        }
    }

    @Test("[INIT-003] a second initialize (even with another token) sends no second /init; requests keep the first token")
    func laterCallsAreIgnored() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            #expect(await KontextVideo.shared.initialize(with: configuration(harness, token: "acme-dev")) == .enabled)
            let second = await KontextVideo.shared.initialize(with: configuration(harness, token: "globex-dev"))
            #expect(second == .enabled)
            let recorder = CompletionRecorder()
            KontextVideo.shared.initialize(with: configuration(harness, token: "initech-dev"), completion: recorder.record)
            await spin { !recorder.states.isEmpty }
            #expect(recorder.states == [.enabled])
            _ = try await VideoAds(content: .episodeOne).format(.pause)
            #expect(server.requests(path: "/init").count == 1)
            let preload = try #require(server.requests(path: "/video/preload").last)
            #expect(preload.json?["publisherToken"]?.stringValue == "acme-dev")
            #expect(preload.header("Kontextso-Publisher-Token") == "acme-dev")
        }
    }

    @Test("[INIT-004] completion runs once, on the main actor, only after the server answered, with the resulting state")
    func completionAfterTheAnswer() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let gate = server.holdInit(.enabled())
            let recorder = CompletionRecorder()
            KontextVideo.shared.initialize(with: configuration(harness), completion: recorder.record)
            try await gate.waitUntilHeld()
            await harness.advance(by: .milliseconds(500))
            #expect(recorder.states.isEmpty, "completion ran before the server answered")
            gate.release()
            await spin { !recorder.states.isEmpty }
            await harness.advance(by: .seconds(5))
            #expect(recorder.states == [.enabled])
            #expect(recorder.ranOnMainActorThread)
        }
    }

    @Test("[INIT-005] when /init cannot be reached after its retries, completion runs once, on the main actor, with .failed")
    func completionReportsFailure() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            server.enqueueInit(.drop, .drop, .drop, .drop)
            let recorder = CompletionRecorder()
            KontextVideo.shared.initialize(with: configuration(harness), completion: recorder.record)
            await advance(harness) { !recorder.states.isEmpty }
            await harness.advance(by: .seconds(10))
            #expect(recorder.states == [.failed])
            #expect(recorder.ranOnMainActorThread)
            #expect(server.requests(path: "/init").count == 4) // the call and its 3 retries
        }
    }

    /// One `/init` answer and the state both forms of `initialize` report for it.
    struct AnswerRow: Sendable, CustomTestStringConvertible {
        let name: String
        let answer: SandboxAnswer
        let expected: KontextVideo.State
        var testDescription: String { "[INIT-006] \(name)" }
    }

    @Test("[INIT-006] await initialize(with:) returns the same State as the completion form for the same answer", arguments: [
        AnswerRow(name: "enabled", answer: .enabled(), expected: .enabled),
        AnswerRow(name: "disabled", answer: .disabled(reason: "publisher_suspended"), expected: .disabled(reason: "publisher_suspended")),
        AnswerRow(name: "503", answer: .serverError(status: 503), expected: .failed),
    ])
    func bothFormsAgree(row: AnswerRow) async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            server.enqueueInit(row.answer)
            let recorder = CompletionRecorder()
            KontextVideo.shared.initialize(with: configuration(harness), completion: recorder.record)
            await advance(harness) { !recorder.states.isEmpty }
            harness.resetSDK() // a new launch
            server.enqueueInit(row.answer)
            let asyncState = await KontextVideo.shared.initialize(with: configuration(harness))
            #expect(recorder.states == [asyncState])
            #expect(asyncState == row.expected)
        }
    }

    @Test("[INIT-007][INIT-016] a {publisher}-dev token initializes against the sandbox to .enabled")
    func enabledAnswer() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueueInit(.enabled(sessionId: "s-1"))
            #expect(await harness.initialize(publisherToken: "globex-dev") == .enabled)
        }
    }

    @Test("[INIT-008] enabled: false with a disabledReason returns .disabled(reason:) with that reason")
    func disabledAnswer() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueueInit(.disabled(reason: "publisher_suspended"))
            #expect(await harness.initialize() == .disabled(reason: "publisher_suspended"))
        }
    }

    /// One way `/init` fails.
    struct FailureRow: Sendable, CustomTestStringConvertible {
        let name: String
        let answers: [SandboxAnswer]
        var testDescription: String { "[INIT-009] \(name)" }
    }

    @Test("[INIT-009] an unreachable /init, or a non-2xx answer, returns .failed", arguments: [
        FailureRow(name: "unreachable (dropped 4 times)", answers: [.drop, .drop, .drop, .drop]),
        FailureRow(name: "HTTP 503", answers: [.serverError(status: 503)]),
        FailureRow(name: "HTTP 401", answers: [.error(code: "invalid_token", permanent: true, status: 401)]),
    ])
    func failedAnswer(row: FailureRow) async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            for answer in row.answers { server.enqueueInit(answer) }
            let result = Box<KontextVideo.State>()
            Task { @MainActor in result.value = await harness.initialize() }
            await advance(harness) { result.value != nil }
            #expect(result.value == .failed)
        }
    }

    @Test("[INIT-010] after .failed, every format() first sends /init again, then the ads request once it succeeds")
    func failedIsRetriedBeforeEveryRequest() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            server.enqueueInit(.serverError(status: 503), .serverError(status: 503))
            #expect(await harness.initialize() == .failed)
            let ads = VideoAds(content: .episodeOne)
            do {
                _ = try await ads.format(.pause)
                Issue.record("format() succeeded although the retried /init failed")
            } catch VideoAdError.initializationFailed {
                // expected: the retry failed too
            }
            #expect(protocolPaths(server) == ["/init", "/init"])
            let ad = try await ads.format(.pause)
            #expect(ad.format == .pause)
            #expect(protocolPaths(server) == ["/init", "/init", "/init", "/video/preload"])
        }
    }

    @Test("[INIT-011] a user set or changed after initialize is carried by the next ads request; unset fields are omitted")
    func userGoesWithTheNextRequest() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            let ads = VideoAds(content: .episodeOne)
            _ = try await ads.format(.overlay)
            #expect(lastPreload(server)?["user"] == nil)

            KontextVideo.shared.user = KontextVideo.User(id: "viewer-1", keywords: ["drama", "romance"])
            _ = try await ads.format(.pause)
            #expect(lastPreload(server)?["user"] == ["id": "viewer-1", "keywords": ["drama", "romance"]])

            KontextVideo.shared.user = KontextVideo.User(email: "viewer@example.com")
            _ = try await ads.format(.linear)
            #expect(lastPreload(server)?["user"] == ["email": "viewer@example.com"])
        }
    }

    @Test("[INIT-012] TCF values in the consent platform's shared storage are sent when regulatory does not set them")
    func tcfFromSharedStorage() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
            harness.defaults.set(1, forKey: "IABTCF_gdprApplies")
            harness.defaults.set(tcString, forKey: "IABTCF_TCString")
            await harness.initialize()
            _ = try await VideoAds(content: .episodeOne).format(.pause)
            let regulatory = lastPreload(server)?["regulatory"]
            #expect(regulatory?["gdpr"] == 1)
            #expect(regulatory?["gdprConsent"]?.stringValue == tcString)
            #expect(regulatory?["coppa"] == nil)
        }
    }

    @Test("[INIT-013] values set in regulatory go with the next ads request; COPPA only when the app set it")
    func regulatoryGoesWithTheNextRequest() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            let ads = VideoAds(content: .episodeOne)
            KontextVideo.shared.regulatory = KontextVideo.Regulatory(gdpr: true, gdprConsent: "consent-1", usPrivacy: "1YNN")
            _ = try await ads.format(.overlay)
            let first = lastPreload(server)?["regulatory"]
            #expect(first == ["gdpr": 1, "gdprConsent": "consent-1", "usPrivacy": "1YNN"])
            #expect(first?["coppa"] == nil)

            KontextVideo.shared.regulatory?.coppa = false
            _ = try await ads.format(.pause)
            #expect(lastPreload(server)?["regulatory"]?["coppa"] == 0)
        }
    }

    @Test("[INIT-014] a variantId set by the app goes with the next ads request; unset, it is omitted")
    func variantId() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            let ads = VideoAds(content: .episodeOne)
            _ = try await ads.format(.overlay)
            #expect(lastPreload(server)?["variantId"] == nil)
            KontextVideo.shared.variantId = "b"
            _ = try await ads.format(.pause)
            #expect(lastPreload(server)?["variantId"] == "b")
        }
    }

    @Test("[INIT-015] version equals sdk.version in every body the server receives")
    func versionInEveryBody() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            try await sendEveryKindOfRequest(harness)
            let version = KontextVideo.shared.version
            #expect(!version.isEmpty)
            for path in ["/init", "/video/preload", "/video/events"] {
                let requests = server.requests(path: path)
                #expect(!requests.isEmpty, "no \(path)")
                for request in requests {
                    #expect(request.json?["sdk"]?["version"]?.stringValue == version, "\(path)")
                }
            }
        }
    }

    @Test("[INIT-016] the publisherToken is sent with every request, in the body and the header")
    func tokenInEveryRequest() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            #expect(await harness.initialize(publisherToken: "globex-dev") == .enabled)
            try await sendEveryKindOfRequest(harness)
            for path in ["/init", "/video/preload", "/video/events"] {
                let requests = server.requests(path: path)
                #expect(!requests.isEmpty, "no \(path)")
                for request in requests {
                    #expect(request.json?["publisherToken"]?.stringValue == "globex-dev", "\(path) body")
                    #expect(request.header("Kontextso-Publisher-Token") == "globex-dev", "\(path) header")
                }
            }
        }
    }
}

// MARK: - Helpers

@MainActor
private func configuration(_ harness: KontextVideoHarness, token: String = "acme-dev") -> KontextVideo.Configuration {
    KontextVideo.Configuration(publisherToken: token, logLevel: .none, serverURL: harness.serverURL)
}

/// Records what `initialize`'s completion received and where it ran.
@MainActor
private final class CompletionRecorder {
    private(set) var states: [KontextVideo.State] = []
    private(set) var onMainThread: [Bool] = []

    /// Whether the main actor runs on the main thread here (not under `swift test` on Linux).
    let mainActorIsOnMainThread = Thread.isMainThread

    /// Whether every completion ran on the main actor's thread: the main thread on Apple platforms.
    var ranOnMainActorThread: Bool {
        onMainThread.allSatisfy { $0 == mainActorIsOnMainThread }
    }

    func record(_ state: KontextVideo.State) {
        MainActor.assertIsolated("initialize's completion ran off the main actor")
        states.append(state)
        onMainThread.append(Thread.isMainThread)
    }
}

@MainActor
private final class Box<Value> {
    var value: Value?
}

/// Lets the main actor run (real loopback I/O finishes meanwhile) until `done`, without moving time.
@MainActor
private func spin(until done: () -> Bool) async {
    for _ in 0..<200_000 where !done() {
        await Task.yield()
    }
}

/// Moves virtual time a quarter second at a time (for retry back-offs) until `done`.
@MainActor
private func advance(_ harness: KontextVideoHarness, until done: () -> Bool) async {
    for _ in 0..<4_000 where !done() {
        await harness.advance(by: .milliseconds(250))
    }
}

private func lastPreload(_ server: SandboxAdServer) -> JSONValue? {
    server.requests(path: "/video/preload").last?.json
}

/// The protocol requests the server received, in order, without event deliveries.
private func protocolPaths(_ server: SandboxAdServer) -> [String] {
    server.requests.map(\.path).filter { $0 == "/init" || $0 == "/video/preload" }
}

/// `/init` (already sent), an ads request, and events for a shown and dismissed pause ad.
@MainActor
private func sendEveryKindOfRequest(_ harness: KontextVideoHarness) async throws {
    let ads = VideoAds(content: KontextVideo.Content(id: "episode-1", language: "en"))
    let ad = try await ads.format(.pause)
    try await ad.load()
    let view = HeadlessView()
    try ad.show(in: view)
    try ad.dismiss()
    await harness.flushEvents()
    try await harness.server?.waitForEvents(count: 2)
}
