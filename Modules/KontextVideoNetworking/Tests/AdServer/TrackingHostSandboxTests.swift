import KontextVideoTestSupport
import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import Testing

/// Which request goes to which host, over real loopback HTTP: the sandbox listens on two ports,
/// the ad server's own and the tracking host its `/init` answer announces, records which one each
/// request came to, and reports a request with tracking data on the first, or one without on the
/// second, as a protocol violation (`PROTOCOL.md`, *Tracking data and its host*).
@Suite("Tracking data and its host, against the sandbox")
struct TrackingHostSandboxTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()
    let directory: TemporaryDirectory
    let content = KontextVideoContent(id: "episode-1", language: "en")
    static let idfa = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC")!
    static let idfv = UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6")!
    static let emailHash = String(repeating: "0f", count: 32)

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A client whose `/init` enabled it (and announced the tracking host): ad requests need that.
    func client(_ server: SandboxAdServer) async throws -> AdServerClient {
        let client = AdServerClient(
            environment: testEnvironment(serverURL: server.baseURL), clock: clock, transport: URLSessionTransport(),
            storageDirectory: directory.url, defaults: try freshDefaults(), events: log)
        #expect(await client.initialize() == .enabled)
        return client
    }

    func request(_ status: TrackingAuthorizationStatus?, user: KontextVideoUser? = nil) -> AdRequest {
        AdRequest(format: .overlay, content: content, user: user, identifiers: DeviceIdentifiers(
            trackingAuthorization: status, advertisingIdentifier: Self.idfa, vendorIdentifier: Self.idfv))
    }

    /// The one ad request the sandbox heard, and the address it came to.
    func onlyPreload(_ server: SandboxAdServer, sourceLocation: SourceLocation = #_sourceLocation) throws -> (KontextVideoSandbox.JSONValue, SandboxListener) {
        let preloads = server.requests(path: "/video/preload")
        #expect(preloads.count == 1, sourceLocation: sourceLocation)
        let json = try #require(preloads.first?.json, sourceLocation: sourceLocation)
        let listener = try #require(preloads.first?.listener, sourceLocation: sourceLocation)
        return (json, listener)
    }

    func omissions() -> [String] {
        log.events(.state, named: .trackingDataOmitted).compactMap { $0.attributes["reason"] }
    }

    @Test("authorized: the ad request with the advertising id and the email hash goes to the tracking host; /init and events to the ad server")
    func authorized() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let client = try await client(server)
        let answer = try await client.requestAd(request(.authorized, user: .init(id: "u", emailHash: Self.emailHash)))
        guard case .ad(let ad) = answer else { Issue.record("no ad: \(answer)"); return }
        #expect(client.announcedTrackingHost?.baseURL == server.trackingBaseURL)
        let (body, listener) = try onlyPreload(server)
        #expect(listener == .trackingHost)
        #expect(body["advertisingId"] == "6d92078a-8246-4ba4-ae5b-76104861e7dc")
        #expect(body["user"] == ["id": "u", "emailHash": .string(Self.emailHash)])
        #expect(body["trackingAuthorization"] == "authorized")
        client.pipeline.submit(.event(.impression(adId: ad.id, format: .overlay, playhead: 0)))
        try await advance(clock, whenSleeping: EventPipeline.defaultBatchWindow)
        _ = try await server.waitForEvents(count: 1)
        #expect(server.requests.filter { $0.path != "/video/preload" }.allSatisfy { $0.listener == .adServer })
        #expect(omissions().isEmpty)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }

    @Test("not allowed: the ad request goes to the ad server's own host, without the email hash (the advertising id was never read)",
          arguments: [TrackingAuthorizationStatus.denied, .notDetermined, .restricted])
    func notAllowed(status: TrackingAuthorizationStatus) async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let client = try await client(server)
        _ = try await client.requestAd(request(status, user: .init(id: "u", email: "a@b.c", emailHash: Self.emailHash, keywords: ["k"])))
        let (body, listener) = try onlyPreload(server)
        #expect(listener == .adServer)
        #expect(body["advertisingId"] == nil)
        #expect(body["user"] == ["id": "u", "keywords": ["k"]], "everything but the tracking data")
        #expect(body["vendorId"] == "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6", "the vendor id is no tracking data")
        #expect(omissions() == ["tracking not allowed"])
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }

    @Test("a request with no tracking data goes to the ad server's own host, whatever the permission")
    func nothingToTrack() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let client = try await client(server)
        let untracked = AdRequest(format: .pause, content: content, user: .init(id: "u"), identifiers: DeviceIdentifiers(
            trackingAuthorization: .authorized, advertisingIdentifier: DeviceIdentifiers.zero, vendorIdentifier: Self.idfv))
        _ = try await client.requestAd(untracked)
        let (_, listener) = try onlyPreload(server)
        #expect(listener == .adServer)
        #expect(omissions().isEmpty)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }

    @Test("a server that announces no tracking host gets no tracking data at all")
    func noTrackingHost() async throws {
        defer { directory.remove() }
        var scenario = SandboxScenario()
        scenario.announcesTrackingHost = false
        let server = try SandboxAdServer(scenario: scenario)
        defer { server.stop() }
        let client = try await client(server)
        _ = try await client.requestAd(request(.authorized, user: .init(email: "a@b.c")))
        #expect(client.announcedTrackingHost == nil)
        let (body, listener) = try onlyPreload(server)
        #expect(listener == .adServer)
        #expect(body["advertisingId"] == nil && body["user"] == nil)
        #expect(omissions() == ["no tracking host"])
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }

    @Test("an announced host the privacy manifest does not declare is refused, said at .error, and gets nothing")
    func undeclaredHost() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.enqueueInit(.json(["enabled": true, "trackingUrl": "https://tracking.example.com"]))
        let client = try await client(server)
        _ = try await client.requestAd(request(.authorized))
        #expect(client.announcedTrackingHost == nil)
        let refusals = log.events(.error, named: .trackingURLRefused)
        #expect(refusals.count == 1)
        #expect(refusals.first?.level == .error)
        #expect(refusals.first?.attributes["reason"]?.contains("NSPrivacyTrackingDomains") == true)
        let (body, listener) = try onlyPreload(server)
        #expect(listener == .adServer && body["advertisingId"] == nil)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }

    @Test("on a platform without App Tracking Transparency the app's word governs: its email goes, to the tracking host")
    func noTrackingAuthorization() async throws {
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let client = try await client(server)
        _ = try await client.requestAd(AdRequest(format: .linear, content: content, user: .init(email: "a@b.c")))
        let (body, listener) = try onlyPreload(server)
        #expect(listener == .trackingHost)
        #expect(body["user"] == ["email": "a@b.c"] && body["trackingAuthorization"] == nil)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        await client.pipeline.stop()
    }
}
