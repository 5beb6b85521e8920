import Foundation
import Testing
import KontextVideoVAST
import KontextVideoNetworking
import KontextVideoModels
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// The decisions the platform renderers only apply: which failure code, which navigation is a
/// click, what page to load, when Skip appears, which screen a video is chosen for.
@Suite("Platform rendering rules")
struct PlatformRenderingRulesTests {
    @Test("each renderer failure reports its VAST code")
    func failureCodes() {
        let codes = Dictionary(uniqueKeysWithValues: CreativeFailure.allCases.map { ($0, $0.code.rawValue) })
        #expect(codes == [
            .pageDidNotLoad: 502, .pageFailedOnScreen: 405, .mediaURLUnusable: 403,
            .mediaDidNotLoad: 401, .playbackFailedOnScreen: 405, .platformCannotRender: 900,
        ])
        #expect(CreativeFailure.mediaDidNotLoad.loadError == CreativeLoadError(code: .mediaFileNotFound))
        #expect(CreativeFailure.playbackFailedOnScreen.event == .failed(code: .mediaDisplay))
    }

    @Test("a web creative's surface: the bridge script only in an HTML page with an origin, a tap anywhere on an image is the click, Resume only on a full-screen pause ad",
          arguments: [
            (ServedCreative.Kind.html, "https://ads.example.com/page.html", false, true, WebCreativeSurface.Taps.page, false),
            (.html, "https://ads.example.com/page.html", true, true, .page, true),
            (.html, "file:///tmp/page.html", false, false, .page, false),
            (.image, "https://ads.example.com/ad.png", false, false, .anywhereIsTheClick, false),
            (.image, "https://ads.example.com/ad.png", true, false, .anywhereIsTheClick, true),
          ])
    func webSurface(kind: ServedCreative.Kind, url: String, fullScreen: Bool, runsScript: Bool, taps: WebCreativeSurface.Taps, resume: Bool) throws {
        let origin = CreativeOrigin(url: try #require(URL(string: url)))
        let surface = WebCreativeSurface(
            kind: kind, origin: origin, rules: CreativePageRules(isFullScreenPause: fullScreen, allowedSize: CGSize(width: 300, height: 250)))
        #expect(surface.runsBridgeScript == runsScript)
        #expect(surface.bridgeScript == (runsScript ? origin.flatMap(CreativeBridgeScript.source(for:)) : nil))
        #expect(surface.taps == taps)
        #expect(surface.drawsResume == resume)
    }

    /// `(loaded, mainFrame, link, tapped)` → the policy for a page without the bridge, then with it.
    static let navigations: [(Bool, Bool, Bool, Bool, WebNavigationPolicy, WebNavigationPolicy)] = [
        // Loading: every frame loads, whatever the viewer does.
        (false, true, false, false, .allow, .allow), (false, true, true, true, .allow, .allow), (false, false, true, false, .allow, .allow),
        // Loaded, the viewer's tap on a link: a click without the bridge; the bridge reports its own.
        (true, true, true, true, .click, .cancel), (true, false, true, true, .click, .cancel),
        // Loaded, no tap: a timer's `location = …`, a meta refresh, a scripted link click — refused.
        (true, true, false, false, .refuse, .cancel), (true, true, true, false, .refuse, .cancel), (true, false, true, false, .refuse, .cancel),
        // Loaded, a tap but no link activation: the page navigated by script during the tap — still not the viewer's link.
        (true, true, false, true, .refuse, .cancel),
        // A subframe navigating by itself once loaded (an ad's own iframes): allowed.
        (true, false, false, false, .allow, .allow), (true, false, false, true, .allow, .allow),
    ]

    @Test("a web creative's navigations: only a link the viewer tapped is a click; the page navigating by itself is refused",
          arguments: Self.navigations.indices)
    func navigation(_ index: Int) throws {
        let (loaded, mainFrame, link, tapped, withoutBridge, withBridge) = Self.navigations[index]
        let url = try #require(URL(string: "https://ads.example/next"))
        #expect(WebNavigationPolicy.decide(url: url, pageIsLoaded: loaded, isMainFrame: mainFrame, isLinkActivation: link,
                                           pageSpeaksBridge: false, viewerTapped: tapped) == withoutBridge)
        #expect(WebNavigationPolicy.decide(url: url, pageIsLoaded: loaded, isMainFrame: mainFrame, isLinkActivation: link,
                                           pageSpeaksBridge: true, viewerTapped: tapped) == withBridge)
    }

    @Test("a new window: a click only within the viewer's tap, never from a page with the bridge")
    func newWindows() {
        #expect(WebNavigationPolicy.newWindow(pageSpeaksBridge: false, viewerTapped: true) == .click)
        #expect(WebNavigationPolicy.newWindow(pageSpeaksBridge: false, viewerTapped: false) == .refuse)
        #expect(WebNavigationPolicy.newWindow(pageSpeaksBridge: true, viewerTapped: true) == .cancel)
        #expect(WebNavigationPolicy.newWindow(pageSpeaksBridge: true, viewerTapped: false) == .cancel)
    }

    @Test("a frame may load only the web and about:, loading or not",
          arguments: ["file:///etc/passwd", "data:text/html,<b>x</b>", "tel:123", "myapp://buy", "itms-services://?action=x", "javascript:1"])
    func otherSchemesAreRefused(_ text: String) throws {
        let url = try #require(URL(string: text))
        for loaded in [false, true] {
            for bridge in [false, true] {
                #expect(WebNavigationPolicy.decide(url: url, pageIsLoaded: loaded, isMainFrame: false, isLinkActivation: false,
                                                   pageSpeaksBridge: bridge, viewerTapped: false) == .refuse)
            }
        }
        #expect(WebNavigationPolicy.decide(url: url, pageIsLoaded: true, isMainFrame: true, isLinkActivation: true,
                                           pageSpeaksBridge: false, viewerTapped: true) == .click,
                "the viewer tapped a tel: link: a click, and the SDK opens the server's target, not the link")
        let blank = try #require(URL(string: "about:blank"))
        #expect(WebNavigationPolicy.decide(url: blank, pageIsLoaded: true, isMainFrame: false, isLinkActivation: false,
                                           pageSpeaksBridge: false, viewerTapped: false) == .allow)
    }

    @Test("the tap window: open while touching and one second after the lift, on the SDK's clock")
    func tapWindow() {
        var window = ViewerTapWindow()
        #expect(!window.isOpen(at: .seconds(5)), "no touch yet")
        window.touchBegan(at: .seconds(5))
        #expect(window.isOpen(at: .seconds(30)), "a long press is still the viewer's")
        window.touchEnded(at: .seconds(30))
        #expect(window.isOpen(at: .seconds(30) + .milliseconds(1000)))
        #expect(!window.isOpen(at: .seconds(30) + .milliseconds(1001)))
        #expect(!window.isOpen(at: .seconds(29)), "a time before the lift is no tap of it")
        #expect(ViewerTapWindow.length == .milliseconds(CreativeBridgeScript.tapWindowMilliseconds), "the bridge script's window")
    }

    @MainActor @Test("a refused navigation is counted and reported; a build without the bridge script says so as an error")
    func refusedNavigationsAreReported() throws {
        let events = KontextVideoEventStream()
        let recorder = RecordingEventMonitor()
        events.add(recorder)
        let ad = ServedAd(id: "ad-1", format: .overlay, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
                          expiresIn: .seconds(900), creative: ServedCreative(kind: .html, url: URL(string: "https://ads.example/p.html")))
        let bridge = CreativePageBridge(ad: ad, locale: "en", events: events) { _, _ in }
        bridge.navigationRefused(to: URL(string: "https://ads.example/auto?gdpr_consent=CO123"))
        bridge.navigationRefused(to: nil)
        #expect(bridge.refusedNavigationCount == 2)
        let refused = recorder.events.filter { $0.name == KontextVideoEvent.Name.creativeNavigationRefused.rawValue }
        #expect(refused.map { $0.attributes["url"] } == ["https://ads.example/auto?…", "unknown"], "never the query")
        #expect(refused.allSatisfy { $0.level == .warning && $0.attributes["adId"] == "ad-1" })
        bridge.bridgeScriptMissing()
        #expect(recorder.events.last?.name == KontextVideoEvent.Name.creativeBridgeMissing.rawValue)
        #expect(recorder.events.last?.level == .error)
        #expect(CreativeBridgeScript.function != nil, "this build has the bridge script: a build without it fails here")
        let surface = WebCreativeSurface(kind: .html, origin: bridge.origin, rules: bridge.rules)
        #expect(!surface.bridgeScriptIsMissing)
    }

    @Test("an HTML creative loads its page; an image is wrapped in a page that fits it")
    func creativePages() throws {
        let page = try #require(URL(string: "https://ads.example/c/ad-1.html"))
        #expect(CreativePage.forCreative(kind: .html, url: page) == .url(page))
        let image = try #require(URL(string: "https://ads.example/c/ad-1.png"))
        guard case .markup(let html, let base) = CreativePage.forCreative(kind: .image, url: image) else {
            Issue.record("an image is markup")
            return
        }
        #expect(html.contains("<img src='https://ads.example/c/ad-1.png'"))
        #expect(html.contains("object-fit:contain"))
        #expect(base == URL(string: "https://ads.example/c/"))
    }

    @Test("an image URL cannot end its attribute")
    func escaping() {
        #expect(CreativePage.imageElement("https://x.example/a'b\".png?x=1&y=<2>")
            .hasPrefix("<img src='https://x.example/a&#39;b&quot;.png?x=1&amp;y=&lt;2&gt;'"))
    }

    @Test("an end card: HTML first, then an image, then a page in a frame; nothing without them")
    func endCard() throws {
        func companion(_ resources: [(VASTResource.Kind, String)]) -> VASTCompanion {
            var companion = VASTCompanion()
            companion.resources = resources.map { VASTResource(kind: $0.0, value: $0.1) }
            return companion
        }
        #expect(CreativePage.forEndCard(companion([(.iframe, "https://e.example/f"), (.html, "<b>hi</b>")])) == .markup("<b>hi</b>", baseURL: nil))
        #expect(CreativePage.forEndCard(companion([(.iframe, "https://e.example/f"), (.staticResource, "https://e.example/i.png")]))
            == .markup(CreativePage.imageElement("https://e.example/i.png"), baseURL: nil))
        #expect(CreativePage.forEndCard(companion([(.iframe, "https://e.example/f")])) == .url(try #require(URL(string: "https://e.example/f"))))
        #expect(CreativePage.forEndCard(companion([])) == nil)
    }

    @Test("where there is no web view (tvOS), an end card is its image, or none")
    func endCardWithoutPages() throws {
        func companion(_ resources: [(VASTResource.Kind, String?, String)]) -> VASTCompanion {
            var companion = VASTCompanion()
            companion.resources = resources.map { VASTResource(kind: $0.0, type: $0.1, value: $0.2) }
            return companion
        }
        let image = try #require(URL(string: "https://e.example/i.png"))
        #expect(EndCardContent.choose(companion([(.html, nil, "<b>hi</b>"), (.staticResource, "image/png", image.absoluteString)]), showsPages: false)
            == .image(image), "the HTML is skipped: no web view")
        #expect(EndCardContent.choose(companion([(.staticResource, nil, image.absoluteString)]), showsPages: false) == .image(image))
        #expect(EndCardContent.choose(companion([(.staticResource, "application/x-javascript", "https://e.example/s.js")]), showsPages: false) == nil)
        #expect(EndCardContent.choose(companion([(.html, nil, "<b>hi</b>"), (.iframe, nil, "https://e.example/f")]), showsPages: false) == nil)
        #expect(EndCardContent.choose(nil, showsPages: false) == nil)
        #expect(EndCardContent.choose(companion([(.html, nil, "<b>hi</b>")]), showsPages: true) == .page(.markup("<b>hi</b>", baseURL: nil)))
    }

    @Test("which renderer each creative gets on each platform",
          arguments: [
            (RenderingPlatform.uiKitWithWebKit, [RenderingPlatform.Renderer.web, .web, .video], true),
            (.uiKitWithoutWebKit, [.unsupported, .image, .video], false),
            (.noUIKit, [.unsupported, .unsupported, .unsupported], true),
            (.headless, [.headless, .headless, .headless], true),
          ])
    func renderers(platform: RenderingPlatform, expected: [RenderingPlatform.Renderer], showsPages: Bool) {
        #expect([ServedCreative.Kind.html, .image, .vast].map(platform.renderer(for:)) == expected)
        #expect(platform.showsPages == showsPages)
    }

    @Test("this build's platform: headless on Linux")
    func currentPlatform() {
        #if canImport(Darwin)
        #expect(RenderingPlatform.current != .headless)
        #else
        #expect(RenderingPlatform.current == .headless)
        #endif
    }

    @Test("AVAudioSession's notifications, from their numbers",
          arguments: [
            (UInt?(1), UInt?(nil), PlaybackSignal?(.audioInterruptionBegan)),
            (0, nil, .audioInterruptionEnded(shouldResume: false)),
            (0, 0, .audioInterruptionEnded(shouldResume: false)),
            (0, 1, .audioInterruptionEnded(shouldResume: true)),
            (0, 3, .audioInterruptionEnded(shouldResume: true)),
            (1, 1, .audioInterruptionBegan),
            (7, nil, nil),
            (nil, 1, nil),
          ])
    func interruptions(type: UInt?, options: UInt?, expected: PlaybackSignal?) {
        #expect(AudioSessionNotice.interruption(type: type, options: options) == expected)
    }

    @Test("a route change matters only when the device the audio played through is gone")
    func routeChanges() {
        #expect(AudioSessionNotice.routeChange(reason: 2) == .audioOutputLost, "oldDeviceUnavailable")
        for other: UInt? in [0, 1, 3, 4, 6, 7, 8, nil] {
            #expect(AudioSessionNotice.routeChange(reason: other) == nil)
        }
    }

    @Test("the remote's Menu and Play/Pause reach the session")
    func remote() {
        #expect(RemotePress.menu.input == .menuPressed)
        #expect(RemotePress.playPause.input == .playPausePressed)
    }

    @Test("Skip appears at the resolved offset, or at a percentage of the media's own length")
    func skip() {
        let resolved = SkipControlRule(resolvedOffset: 5, offsetSpec: .seconds(5))
        #expect(!resolved.showsSkip(at: 4.9, mediaLength: nil))
        #expect(resolved.showsSkip(at: 5, mediaLength: nil))
        let percent = SkipControlRule(resolvedOffset: nil, offsetSpec: .percent(25))
        #expect(percent.offset(mediaLength: nil) == nil, "a percentage waits for the media's length")
        #expect(!percent.showsSkip(at: 100, mediaLength: .infinity))
        #expect(percent.offset(mediaLength: 20) == 5)
        #expect(percent.showsSkip(at: 5, mediaLength: 20))
        #expect(!percent.showsSkip(at: .nan, mediaLength: 20))
        #expect(!SkipControlRule(resolvedOffset: nil, offsetSpec: nil).showsSkip(at: 1000, mediaLength: 20), "no offset: not skippable")
    }

    @Test("a video is chosen for the screen in landscape pixels; an unknown screen is 1920×1080")
    func deviceProfile() {
        let phone = DeviceProfile(screenOf: DeviceFacts(os: "iOS", screenWidth: 393, screenHeight: 852, scale: 3))
        #expect(phone.screenWidth == 2556 && phone.screenHeight == 1179)
        #expect(phone.supportedMIMETypes == DeviceProfile.applePlatformMIMETypes)
        #expect(DeviceProfile(screenOf: DeviceFacts(os: "iOS", screenWidth: 1024, screenHeight: 768)) == DeviceProfile(screenWidth: 1024, screenHeight: 768))
        #expect(DeviceProfile(screenOf: DeviceFacts(os: "Linux")) == .standard)
        #expect(DeviceProfile(screenOf: DeviceFacts(os: "iOS", screenWidth: 0, screenHeight: 852, scale: 3)) == .standard)
    }

    @Test("a creative the platform cannot show fails every load with VAST 900")
    @MainActor
    func unsupported() async {
        let renderer = UnsupportedPlatformRenderer()
        await #expect(throws: CreativeLoadError(code: .undefined)) { try await renderer.load() }
        #expect(renderer.resolvedLinearAd == nil && !renderer.hasEndCard && renderer.platformView == nil)
    }
}
