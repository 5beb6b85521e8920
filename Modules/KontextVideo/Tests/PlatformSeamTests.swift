import Foundation
import Testing
import KontextVideo
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoTesting
import KontextVideoScheduling

/// The decisions the platform seam leaves to portable code: the order of click destinations,
/// when the tracking dialog is asked for, and which device ids an ad request carries.
@Suite("Platform seam")
@MainActor
struct PlatformSeamTests {
    static let idfa = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC")!
    static let idfv = UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6")!

    @Test("a click goes to the product sheet, then the URL, then a different fallback")
    func destinations() throws {
        let url = try #require(URL(string: "https://brand.example/landing"))
        let fallback = try #require(URL(string: "https://brand.example/fallback"))
        #expect(ClickTarget(url: url, fallbackURL: fallback, appStoreID: "123", rule: .init(allowsLocalHosts: false)).destinations
            == [.productSheet(appStoreID: "123"), .url(url), .url(fallback)])
        #expect(ClickTarget(url: url, fallbackURL: url, appStoreID: nil, rule: .init(allowsLocalHosts: false)).destinations == [.url(url)])
        #expect(ClickTarget(url: nil, fallbackURL: fallback, appStoreID: nil, rule: .init(allowsLocalHosts: false)).destinations == [.url(fallback)])
        #expect(ClickTarget(url: nil, fallbackURL: nil, appStoreID: nil, rule: .init(allowsLocalHosts: false)).destinations.isEmpty)
    }

    @Test("the opener tries each destination until one opens, and says where the viewer went")
    func orderedOpening() throws {
        let url = try #require(URL(string: "https://brand.example/landing"))
        let fallback = try #require(URL(string: "https://brand.example/fallback"))
        let target = ClickTarget(url: url, fallbackURL: fallback, appStoreID: "123", rule: .init(allowsLocalHosts: false))
        let system = ScriptedDestinations()
        let opener = OrderedClickOpener(system)
        var progress: [ClickThroughProgress] = []

        system.opens = [.url(url)]
        opener.open(target) { progress.append($0) }
        #expect(system.tried == [.productSheet(appStoreID: "123"), .url(url)], "no product sheet here: the URL")
        #expect(progress == [.opened(.outsideApp)], "a URL takes the viewer to another app")

        system.tried = []
        progress = []
        system.opens = [.productSheet(appStoreID: "123")]
        opener.open(target) { progress.append($0) }
        #expect(system.tried == [.productSheet(appStoreID: "123")])
        #expect(progress == [.opened(.insideApp)], "the product sheet stays inside the app")
        system.dismissSheet()
        #expect(progress == [.opened(.insideApp), .closed], "its dismissal brings the viewer back")

        system.tried = []
        progress = []
        system.opens = []
        opener.open(target) { progress.append($0) }
        #expect(system.tried == [.productSheet(appStoreID: "123"), .url(url), .url(fallback)], "nothing opens: every one tried once")
        #expect(progress.isEmpty, "nothing opened: the ad is never told the viewer left")
    }

    @Test("the SDK asks for tracking only when configured to and the user was never asked, once for every request")
    func asksOnce() async throws {
        try await KontextVideoHarness.run { harness in
            let platform = ScriptedPlatform(status: .notDetermined, answer: .authorized)
            KontextVideo.shared.beginSession { $0.platform = platform }
            await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", requestTrackingAuthorization: true, logLevel: .none, serverURL: harness.serverURL))
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            async let first = ads.format(.pause)
            async let second = ads.format(.overlay)
            _ = try await (first, second)
            #expect(platform.requests == 1)
            let preload = try #require(harness.server?.requests(path: "/video/preload").last?.json)
            #expect(preload["trackingAuthorization"]?.stringValue == "authorized")
            #expect(preload["advertisingId"]?.stringValue == "6d92078a-8246-4ba4-ae5b-76104861e7dc")
            #expect(preload["vendorId"]?.stringValue == "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6")
            #expect(harness.server?.protocolViolations.isEmpty == true)
        }
    }

    /// The one place that retries a failed `/init` is the facade (`SDKSession.requireEnabled`):
    /// the dialog is asked for only once the state is `.enabled`, so the retry must come first,
    /// and the ad requests only after the answer.
    @Test("after a failed /init, format() retries it before the tracking dialog, the ad requests leave after the answer, and concurrent calls share the retry")
    func retriesBeforeTheDialog() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            server.enqueueInit(.serverError(status: 503))
            let platform = ScriptedPlatform(status: .notDetermined, answer: .authorized)
            var pathsWhenAsked: [String] = []
            platform.onRequest = { pathsWhenAsked = Self.protocolPaths(server) }
            KontextVideo.shared.beginSession { $0.platform = platform }
            let states = StateRecorder()
            KontextVideo.shared.events.add(states)
            #expect(await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", requestTrackingAuthorization: true, logLevel: .none, serverURL: harness.serverURL)) == .failed)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            async let first = ads.format(.pause)
            async let second = ads.format(.overlay)
            _ = try await (first, second)
            #expect(pathsWhenAsked == ["/init", "/init"], "the launch's /init and one shared retry, no ad request yet")
            #expect(platform.requests == 1)
            #expect(Self.protocolPaths(server) == ["/init", "/init", "/video/preload", "/video/preload"])
            #expect(states.initialized == ["failed", "enabled"], "one retry, finished once")
            let preload = try #require(server.requests(path: "/video/preload").last?.json)
            #expect(preload["trackingAuthorization"]?.stringValue == "authorized")
        }
    }

    /// The requests of the conversation, in order (events and pixels left out).
    private static func protocolPaths(_ server: SandboxAdServer) -> [String] {
        server.requests.map(\.path).filter { $0 == "/init" || $0 == "/video/preload" }
    }

    @Test("no dialog when the app did not ask for it, or the user already answered", arguments: [
        (false, TrackingAuthorizationStatus.notDetermined), (true, .denied), (true, .restricted), (true, .authorized),
    ])
    func doesNotAsk(configured: Bool, status: TrackingAuthorizationStatus) async throws {
        try await KontextVideoHarness.run { harness in
            let platform = ScriptedPlatform(status: status, answer: .authorized)
            KontextVideo.shared.beginSession { $0.platform = platform }
            await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", requestTrackingAuthorization: configured, logLevel: .none, serverURL: harness.serverURL))
            _ = try await VideoAds(content: .init(id: "e1", language: "en")).format(.pause)
            #expect(platform.requests == 0)
            let preload = try #require(harness.server?.requests(path: "/video/preload").last?.json)
            #expect(preload["trackingAuthorization"]?.stringValue == status.rawValue)
            #expect((preload["advertisingId"] != nil) == (status == .authorized), "the advertising id only when authorized")
            #expect(preload["vendorId"]?.stringValue == "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6", "the vendor id always")
            #expect(harness.server?.protocolViolations.isEmpty == true)
        }
    }

    @Test("the device of each request is measured then, and the headless platform sends no ids")
    func headlessRequest() async throws {
        try await KontextVideoHarness.run { harness in
            KontextVideo.shared.beginSession { $0.platform = HeadlessPlatform(
                deviceFacts: DeviceFacts(os: "iOS", osVersion: "26.0", screenWidth: 402, screenHeight: 874, scale: 3)) }
            await harness.initialize()
            _ = try await VideoAds(content: .init(id: "e1", language: "en")).format(.pause)
            let preload = try #require(harness.server?.requests(path: "/video/preload").last?.json)
            #expect(preload["device"]?["screenWidth"]?.doubleValue == 402)
            #expect(preload["trackingAuthorization"] == nil && preload["advertisingId"] == nil && preload["vendorId"] == nil)
        }
    }

    @Test("the platform's view of the app's state is followed from initialize on")
    func lifecycle() async throws {
        try await KontextVideoHarness.run { harness in
            let platform = ScriptedPlatform(status: nil, answer: nil)
            platform.isActive = false
            KontextVideo.shared.beginSession { $0.platform = platform }
            await harness.initialize()
            #expect(KontextVideo.shared.session.runtime?.activeTime.isActive == false, "a launch in the background")
            platform.onChange?(true)
            #expect(KontextVideo.shared.session.runtime?.activeTime.isActive == true)
        }
    }
}

/// A system that opens only the destinations it was told to.
@MainActor
private final class ScriptedDestinations: ClickDestinationOpening {
    var opens: Set<ClickDestination> = []
    var tried: [ClickDestination] = []
    private var sheetOutcome: (@MainActor (ClickDestinationOutcome) -> Void)?

    func open(_ destination: ClickDestination, outcome: @escaping @MainActor (ClickDestinationOutcome) -> Void) {
        tried.append(destination)
        guard opens.contains(destination) else { return outcome(.failed) }
        if case .productSheet = destination { sheetOutcome = outcome }
        outcome(.opened)
    }

    /// The viewer dismisses the product sheet that opened last.
    func dismissSheet() {
        sheetOutcome?(.dismissed)
        sheetOutcome = nil
    }
}

/// A platform with App Tracking Transparency whose user answers the dialog as scripted.
@MainActor
final class ScriptedPlatform: PlatformServices {
    private let headless = HeadlessPlatform()
    private(set) var status: TrackingAuthorizationStatus?
    private let answer: TrackingAuthorizationStatus?
    private(set) var requests = 0
    var isActive = true
    private(set) var onChange: (@MainActor (Bool) -> Void)?
    /// Called when the dialog is asked for, before the user answers.
    var onRequest: (@MainActor () -> Void)?

    init(status: TrackingAuthorizationStatus?, answer: TrackingAuthorizationStatus?) {
        self.status = status
        self.answer = answer
    }

    var clickOpener: any ClickOpening { headless.clickOpener }
    var clickInputRule: ClickInputRule { headless.clickInputRule }
    func observeScenes(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void) {}
    func scene(of surface: AnyObject) -> SceneIdentity? { nil }
    func defaultPresenter() -> (any VideoAdPresenter)? { nil }
    func attach(_ creativeView: PlatformView?, to host: any VideoAdHostView) {}
    func observeApplicationActivity(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool? {
        self.onChange = onChange
        return isActive
    }
    var trackingAuthorizationStatus: TrackingAuthorizationStatus? { status }
    func requestTrackingAuthorization() async {
        requests += 1
        onRequest?()
        await Task.yield()
        status = answer
    }
    func deviceIdentifiers() -> DeviceIdentifiers {
        DeviceIdentifiers(trackingAuthorization: status, advertisingIdentifier: PlatformSeamTests.idfa, vendorIdentifier: PlatformSeamTests.idfv)
    }
    func deviceFacts() -> DeviceFacts { .gatheredFromProcess() }
    var hostProcessKind: HostProcessKind { .app }
}

/// The states the facade reported each initialization (and retry) finished in, in order.
private final class StateRecorder: KontextVideoEventMonitor, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    func record(_ event: KontextVideoEvent) {
        guard event.kind == .state, event.name == "initialized", event.level == .info, let state = event.attributes["state"] else { return }
        lock.withLock { kept.append(state) }
    }
    var initialized: [String] { lock.withLock { kept } }
}
