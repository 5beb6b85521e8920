import KontextVideoVAST
import KontextVideoTestSupport
import Foundation
import Testing
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import KontextVideoPresentation
@testable import KontextVideoCreatives

/// The creative bridge against the sandbox ad server over real loopback HTTP: an ad is asked
/// for with the SDK's own client, then its creative is fetched and its VAST chain resolved the
/// way `load()` does it.
@Suite("Creative bridge over loopback")
@MainActor
struct CreativeBridgeTests {
    let clock = TestClock()
    let events = KontextVideoEventStream(logLevel: .none)

    /// Asks the sandbox for one ad of `format` answered with `answer`.
    func servedAd(_ server: SandboxAdServer, _ format: AdFormat, _ answer: SandboxAd) async throws -> ServedAd {
        server.enqueue(.ad(answer), for: SandboxFormat(rawValue: format.rawValue)!)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = "bridge-\(UUID().uuidString)"
        let client = AdServerClient(
            environment: AdServerIdentity(
                publisherToken: "acme-dev", serverURL: server.baseURL, sdkVersion: "0.1.0",
                appBundleId: "so.kontext.tests", appVersion: "1", device: .gatheredFromProcess()),
            clock: clock, transport: URLSessionTransport(), storageDirectory: directory,
            sharedDefaults: SharedDefaults(UserDefaults(suiteName: suite)!), events: events)
        #expect(await client.initialize() == .enabled)
        let answer = try await client.requestAd(AdRequest(format: format, content: KontextVideoContent(id: "e1", language: "en")))
        await client.pipeline.stop()
        guard case .ad(let ad) = answer else {
            Issue.record("expected an ad, got \(answer)")
            throw CancellationError()
        }
        return ad
    }

    var context: CreativeContext {
        CreativeContext(clock: clock, transport: URLSessionTransport(), events: events)
    }

    @Test("a linear ad behind two wrappers resolves over HTTP, tracking merged inline first")
    func wrapperChainResolves() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let ad = try await servedAd(server, .linear, SandboxAd(creative: .vast(.wrapper(hops: 2))))
        let linear = try await LinearCreativeLoader(ad: ad, context: context).load().ad
        #expect(linear.duration == 15)
        #expect(linear.wrapperChain.count == 2)
        let impressions = linear.impressionURLs
        #expect(impressions.first?.contains("/pixel/\(ad.id)/impression?") == true, "the inline's URL first")
        #expect(impressions.count == 3, "the inline's and each wrapper's impression")
        #expect(linear.mediaFile.url.hasSuffix("/media/\(ad.id).mp4"))
    }

    @Test("VAST failures over HTTP carry their codes and the chain's error pixels",
          arguments: [(SandboxVAST.brokenWrapper, 301), (.loopingWrapper, 302), (.malformed, 100), (.noAd, 303), (.unplayableMedia, 403)])
    func vastFailures(vast: SandboxVAST, code: Int) async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let ad = try await servedAd(server, .linear, SandboxAd(creative: .vast(vast)))
        let error = await #expect(throws: CreativeLoadError.self) {
            _ = try await LinearCreativeLoader(ad: ad, context: context).load()
        }
        #expect(error?.code.rawValue == code)
        if vast == .brokenWrapper || vast == .unplayableMedia {
            #expect(error?.errorPixels.contains { $0.absoluteString.contains("code=\(code)") } == true,
                    "[ERRORCODE] filled in the chain's <Error> URLs: \(error?.errorPixels ?? [])")
        }
    }

    @Test("a wrapper hop that never answers fails with 301 after the hop time-out, on the clock")
    func hungWrapperTimesOut() async throws {
        let hung = HTTPServer { _ in .hang }
        try hung.start()
        defer { hung.stop() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let wrapper = """
        <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>t</AdSystem>
        <Error><![CDATA[\(server.baseURL.absoluteString)/pixel/w/error?code=[ERRORCODE]]]></Error>
        <VASTAdTagURI><![CDATA[\(hung.baseURL.absoluteString)/never.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>
        """
        let ad = try await servedAd(server, .linear, SandboxAd(extraFields: ["creative": ["type": "vast", "vast": .string(wrapper)]]))
        let loading = Task { try await LinearCreativeLoader(ad: ad, context: context).load() }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(5))
        let result = await loading.result
        #expect((result.failure as? CreativeLoadError)?.code == .wrapperTimeout)
    }

    @Test("a buffet ad skipped for unplayable media still gets its error pixel when the next ad plays")
    func skippedBuffetAdsOweTheirErrorPixels() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        func ad(_ id: String, type: String) -> String {
            """
            <Ad id="\(id)"><InLine><AdSystem>t</AdSystem><AdTitle>\(id)</AdTitle>
            <Impression><![CDATA[\(base)/pixel/\(id)/impression]]></Impression>
            <Error><![CDATA[\(base)/pixel/\(id)/error?code=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="\(type)" width="640" height="360"><![CDATA[\(base)/media/\(id).mp4]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
            """
        }
        let vast = "<VAST version=\"4.2\">\(ad("flash", type: "video/x-flv"))\(ad("mp4", type: "video/mp4"))</VAST>"
        let served = try await servedAd(server, .linear, SandboxAd(extraFields: ["creative": ["type": "vast", "vast": .string(vast)]]))
        let loaded = try await LinearCreativeLoader(ad: served, context: context).load()
        #expect(loaded.ad.id == "mp4")
        #expect(loaded.errorPixels.map(\.absoluteString) == ["\(base)/pixel/flash/error?code=403"])
    }

    @Test("the headless renderer fetches an HTML page and an image before it is ready")
    func pagesAreFetched() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        for (format, creative) in [(AdFormat.overlay, SandboxCreative.html), (.pause, .image)] {
            let ad = try await servedAd(server, format, SandboxAd(creative: creative))
            let renderer = HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: false)
            try await renderer.load()
            #expect(renderer.fetchedBytes > 0)
        }
        #expect(server.requests.contains { $0.path.hasPrefix("/creatives/") })
        #expect(server.requests.contains { $0.path.hasPrefix("/images/") })
    }

    @Test("an end card's image is fetched while the ad loads where there is no web view; one that cannot be is no end card")
    func endCardImages() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let pause = try await servedAd(server, .pause, SandboxAd(creative: .image))
        let imageURL = try #require(pause.creative.url)
        var companion = VASTCompanion()
        companion.resources = [VASTResource(kind: .staticResource, type: "image/png", value: imageURL.absoluteString)]
        guard case .image(let bytes)? = await LoadedEndCard.load(companion, showsPages: false, transport: URLSessionTransport(), clock: SystemClock()).card else {
            Issue.record("an image end card")
            return
        }
        #expect(CreativeFetch.looksLikeImage(bytes))
        companion.resources = [VASTResource(kind: .staticResource, type: "image/png", value: server.baseURL.appendingPathComponent("nowhere.png").absoluteString)]
        #expect(await LoadedEndCard.load(companion, showsPages: false, transport: URLSessionTransport(), clock: SystemClock()) == EndCardLoad(failure: .companionFetchFailed))
        #expect(await LoadedEndCard.load(companion, showsPages: true, transport: URLSessionTransport(), clock: SystemClock()).card != nil, "a page needs no fetch")
    }

    @Test("a missing page, or bytes that are no image, fail the load with 502")
    func badPagesFail() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let missing = try await servedAd(server, .overlay, SandboxAd(creative: .url(type: "html", url: "{base}/nowhere/{adId}.html")))
        let notAnImage = try await servedAd(server, .pause, SandboxAd(creative: .url(type: "image", url: "{base}/creatives/{adId}.html")))
        for ad in [missing, notAnImage] {
            let renderer = HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: false)
            let error = await #expect(throws: CreativeLoadError.self) { try await renderer.load() }
            #expect(error?.code == .nonLinearFetchFailed)
        }
    }

    /// What a renderer reported, in order.
    final class EventLog {
        var events: [CreativeEvent] = []
    }

    /// A sandbox linear ad of `duration` seconds in a headless renderer that plays by itself,
    /// loaded and started; what it reports is logged.
    func playingLinear(_ server: SandboxAdServer, duration: Double) async throws -> (HeadlessCreativeRenderer, EventLog) {
        let ad = try await servedAd(server, .linear, SandboxAd(duration: duration, creative: .vast(.inline)))
        let renderer = HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: true)
        try await renderer.load()
        let log = EventLog()
        renderer.onEvent = { log.events.append($0) }
        renderer.start()
        await clock.waitForSleepers(atLeast: 2)   // the simulated player's tick and the stall check
        return (renderer, log)
    }

    @Test("a linear ad that plays by itself reports first frame, progress and complete on the clock")
    func headlessPlayback() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (renderer, log) = try await playingLinear(server, duration: 2)
        await clock.advance(by: .seconds(2))
        let seen = log.events
        withExtendedLifetime(renderer) {}   // its simulated player plays while it lives
        #expect(seen.first == .firstFrame)
        #expect(seen.last == .complete)
        #expect(seen.filter { if case .progress = $0 { true } else { false } }.count == 8, "four a second for two seconds")
    }

    @Test("a headless linear ad runs the phone's session: countdown, pause in the background, Skip, frames to read")
    func headlessSession() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (renderer, log) = try await playingLinear(server, duration: 15)
        await clock.advance(by: .seconds(2))
        #expect(renderer.controls.skip == .countdown(seconds: 3), "the sandbox's Skip is at 5 s")
        #expect(renderer.controls.secondsLeft == 13)
        let screen = CGSize(width: 390, height: 844), safeArea = VideoAdInsets(top: 47, bottom: 34)
        let skip = try #require(renderer.controlsLayout(in: screen, safeArea: safeArea).skipFrame)
        #expect(skip.maxY <= 844 - 34 && skip.height >= 44, "inside the safe area, a full hit target")

        let before = log.events.count
        renderer.receive(.applicationActive(false))
        #expect(!renderer.isPlaying)
        await clock.advance(by: .seconds(30))
        #expect(log.events.count == before + 1, "only the pause, no progress, no stall in the background")
        #expect(log.events.last == .pause)
        renderer.receive(.applicationActive(true))
        await clock.advance(by: .seconds(3))
        #expect(renderer.controls.skip == .available)
        #expect(renderer.announcements == ["You can skip the ad now"])
        renderer.handle(.skipPressed)
        #expect(log.events.last == .skip)
        #expect(!renderer.isPlaying)
        #expect(log.events.filter { $0 == .resumePlayback }.count == 1)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
