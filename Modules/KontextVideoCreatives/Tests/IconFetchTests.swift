import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// A linear ad's icons, fetched while it loads (`IconFetch` through `LinearCreativeLoader`): only
/// an icon whose image arrived is drawn, so only it shows and has its view counted.
@Suite("Icons fetched while a linear ad loads")
struct IconFetchTests {
    static let image = ImageDecodeCapTests.png(width: 20, height: 20)

    static func icon(_ resource: String, offset: String = "00:00:00") -> String {
        """
        <Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top" offset="\(offset)">\(resource)</Icon>
        """
    }

    static func staticImage(_ url: String) -> String {
        "<StaticResource creativeType=\"image/png\"><![CDATA[\(url)]]></StaticResource>"
    }

    static func document(_ icons: [String]) -> String {
        """
        <VAST version="4.2"><Ad id="in"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example/impression</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/a.mp4</MediaFile></MediaFiles>
        <Icons>\(icons.joined())</Icons></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    func load(_ icons: [String], answers: [String: (status: Int, body: Data)]) async throws -> (LoadedLinearCreative, [String]) {
        let transport = CaptionFetchTests.ScriptedTransport()
        transport.answers = answers
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: nil, inlineVAST: Self.document(icons)))
        let rule = AdURLRule(allowsLocalHosts: false)
        let context = CreativeContext(
            clock: TestClock(), transport: AdURLGuardedTransport(transport, rule: rule),
            events: KontextVideoEventStream(logLevel: .none), macros: nil, urlRule: rule)
        let loaded = try await LinearCreativeLoader(ad: ad, context: context).load()
        return (loaded, transport.asked)
    }

    @Test("only an icon whose image arrived can be drawn; the others are not fetched, or fail quietly")
    func drawable() async throws {
        let (loaded, asked) = try await load([
            Self.icon(Self.staticImage("https://i.example/0.png")),
            Self.icon("<HTMLResource><![CDATA[<p>AdChoices</p>]]></HTMLResource>"),  // not drawn by the SDK
            Self.icon(Self.staticImage("https://i.example/2.png")),  // 404
            Self.icon(Self.staticImage("https://i.example/3.png")),  // over the decode cap
            Self.icon(Self.staticImage("http://127.0.0.1/4.png")),  // refused while the server is public
            Self.icon(Self.staticImage("https://i.example/5.png")),  // not an image
            Self.icon(Self.staticImage("https://i.example/6.png"), offset: "-1"),  // never scheduled
        ], answers: [
            "https://i.example/0.png": (200, Self.image),
            "https://i.example/2.png": (404, Data()),
            "https://i.example/3.png": (200, ImageDecodeCapTests.png(width: 5000, height: 5000)),
            "https://i.example/5.png": (200, Data("<html></html>".utf8)),
            "https://i.example/6.png": (200, Self.image),
        ])
        #expect(loaded.ad.icons.count == 7)
        #expect(loaded.iconImages == [0: Self.image])
        #expect(asked.sorted() == ["https://i.example/0.png", "https://i.example/2.png", "https://i.example/3.png", "https://i.example/5.png"],
                "fetched side by side, in any order")
        #expect(loaded.errorPixels.isEmpty, "an icon's failure is not the ad's")

        // The session shows, and counts, the drawable icon only.
        var session = LinearPlaybackSession(configuration: .init(
            ad: loaded.ad, hasEndCard: false, stallLimit: nil, drawableIcons: Set(loaded.iconImages.keys)))
        var actions: [LinearPlaybackAction] = []
        for input: LinearPlaybackInput in [.start(outputVolume: 1, appPublishesNowPlayingInfo: false), .firstFrameRendered, .position(1), .position(6)] {
            actions += session.handle(input, now: .zero, drawingIcons: true)
        }
        #expect(session.visibleIcons == [0])
        #expect(actions.compactMap { if case .report(.iconShown(let index)) = $0 { index } else { nil } } == [0])
    }

    @Test("at most four icons are fetched for one ad")
    func atMostFour() async throws {
        let urls = (0..<6).map { "https://i.example/\($0).png" }
        let (loaded, asked) = try await load(urls.map { Self.icon(Self.staticImage($0)) },
                                             answers: Dictionary(uniqueKeysWithValues: urls.map { ($0, (200, Self.image)) }))
        #expect(asked.sorted() == Array(urls.prefix(IconFetch.maxIcons)))
        #expect(Set(loaded.iconImages.keys) == [0, 1, 2, 3])
    }

    @Test("an ad without icons fetches none")
    func none() async throws {
        let (loaded, asked) = try await load([], answers: [:])
        #expect(loaded.iconImages.isEmpty)
        #expect(asked.isEmpty)
    }

    /// Answers from `inner`, except that a request for one of `hanging` never gets an answer
    /// (a host that accepts and stays silent) until it is cancelled.
    final class HangingTransport: HTTPTransport, Sendable {
        let inner: CaptionFetchTests.ScriptedTransport
        let hanging: Set<String>
        init(_ inner: CaptionFetchTests.ScriptedTransport, hanging: Set<String>) {
            self.inner = inner
            self.hanging = hanging
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            guard let url = request.url?.absoluteString, hanging.contains(url) else { return try await inner.send(request) }
            let (silence, continuation) = AsyncStream<Never>.makeStream()
            for await _ in silence {}  // ends only when the fetch is cancelled
            withExtendedLifetime(continuation) {}
            throw CancellationError()
        }
    }

    @Test("silent hosts cost the load one bound of 3 s, however many icons and the end card wait on them")
    func silentHosts() async throws {
        let scripted = CaptionFetchTests.ScriptedTransport()
        scripted.answers["https://i.example/0.png"] = (200, Self.image)
        let silent: Set<String> = ["https://i.example/1.png", "https://i.example/2.png", "https://c.example/card.png"]
        let document = Self.document([
            Self.icon(Self.staticImage("https://i.example/0.png")),
            Self.icon(Self.staticImage("https://i.example/1.png")),
            Self.icon(Self.staticImage("https://i.example/2.png")),
        ]).replacingOccurrences(of: "</Creatives>", with: """
            <Creative><CompanionAds><Companion id="card" width="1280" height="720" renderingMode="end-card">
            <StaticResource creativeType="image/png">https://c.example/card.png</StaticResource></Companion></CompanionAds></Creative>
            </Creatives>
            """).replacingOccurrences(of: "<Impression>", with: "<Error>https://t.example/error?code=[ERRORCODE]</Error><Impression>")
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: nil, inlineVAST: document))
        let clock = TestClock()
        let context = CreativeContext(
            clock: clock, transport: HangingTransport(scripted, hanging: silent), events: KontextVideoEventStream(logLevel: .none),
            macros: nil, urlRule: AdURLRule(allowsLocalHosts: true))
        let loading = Task { try await LinearCreativeLoader(ad: ad, context: context, showsPages: false).load() }
        // All three waits run at once: one deadline each, side by side, not one after another
        // (one after another, fewer than three would ever sleep together).
        let sideBySide = await clock.waitForSleepers(atLeast: 3)
        #expect(sideBySide)
        guard sideBySide else {
            loading.cancel()
            return
        }
        await clock.advance(by: .seconds(3))
        let loaded = try await loading.value
        #expect(clock.now == .seconds(3))
        #expect(loaded.iconImages == [0: Self.image])
        #expect(loaded.endCard == nil)
        #expect(loaded.errorPixels.map(\.absoluteString) == ["https://t.example/error?code=603"])
    }
}
