import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideoConcurrency
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// A linear ad's captions, fetched while it loads (`CaptionFetch` through `LinearCreativeLoader`):
/// the chosen file through the guarded transport, within the cap; any failure leaves the ad
/// playing without them. And where each icon asks to be (`VASTIcon.placement`).
@Suite("Captions fetched while a linear ad loads")
struct CaptionFetchTests {
    /// Answers from a table of URLs; records what was asked. The loader fetches captions, icons
    /// and the end card side by side, so both are behind a lock.
    final class ScriptedTransport: HTTPTransport, Sendable {
        private let state = LockedState((answers: [String: (status: Int, body: Data)](), asked: [String]()))
        /// The answer to each URL; none: the host cannot be reached.
        var answers: [String: (status: Int, body: Data)] {
            get { state.withLock { $0.answers } }
            set { state.withLock { $0.answers = newValue } }
        }
        /// The URLs asked, in the order the requests were made.
        var asked: [String] { state.withLock { $0.asked } }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let url = try #require(request.url)
            let answer = state.withLock { state in
                state.asked.append(url.absoluteString)
                return state.answers[url.absoluteString]
            }
            guard let answer else { throw URLError(.cannotConnectToHost) }
            return (answer.body, try #require(HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: nil, headerFields: nil)))
        }
    }

    static let vtt = Data("WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n".utf8)

    static func document(_ captionFiles: String) -> String {
        """
        <VAST version="4.2"><Ad id="in"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example/impression</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/a.mp4</MediaFile>
        <ClosedCaptionFiles>\(captionFiles)</ClosedCaptionFiles></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    func load(_ captionFiles: String, transport: ScriptedTransport, allowsLocalHosts: Bool = true, contentLanguage: String? = "en") async throws -> WebVTTDocument? {
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: nil, inlineVAST: Self.document(captionFiles)))
        let context = CreativeContext(
            clock: TestClock(), transport: AdURLGuardedTransport(transport, rule: AdURLRule(allowsLocalHosts: allowsLocalHosts)),
            events: KontextVideoEventStream(logLevel: .none), macros: nil, urlRule: AdURLRule(allowsLocalHosts: allowsLocalHosts),
            locale: "fr-FR", contentLanguage: contentLanguage)
        return try await LinearCreativeLoader(ad: ad, context: context).load().captions
    }

    @Test("the chosen file is fetched and read; the others never")
    func fetched() async throws {
        let transport = ScriptedTransport()
        transport.answers["https://c.example/en.vtt"] = (200, Self.vtt)
        let captions = try await load("""
            <ClosedCaptionFile type="text/vtt" language="fr">https://c.example/fr.vtt</ClosedCaptionFile>
            <ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile>
            """, transport: transport)
        #expect(captions?.cues.map(\.text) == ["Hello"])
        #expect(transport.asked == ["https://c.example/en.vtt"], "the content's language first; one fetch")
    }

    @Test("without the content's language, the app's (here the context's locale, French)")
    func appLanguage() async throws {
        let transport = ScriptedTransport()
        transport.answers["https://c.example/fr.vtt"] = (200, Self.vtt)
        _ = try await load("""
            <ClosedCaptionFile type="text/vtt" language="en-GB">https://c.example/en.vtt</ClosedCaptionFile>
            <ClosedCaptionFile type="text/vtt" language="fr">https://c.example/fr.vtt</ClosedCaptionFile>
            """, transport: transport, contentLanguage: nil)
        #expect(transport.asked == ["https://c.example/fr.vtt"])
    }

    struct Failure: CustomStringConvertible, Sendable {
        let name: String
        let file: String
        let answer: (status: Int, body: Data)?
        var allowsLocalHosts = true
        /// Whether a request left (a refusal sends none).
        let sends: Bool
        var description: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "a local host while the ad server is public: refused, never sent",
                file: #"<ClosedCaptionFile type="text/vtt" language="en">http://127.0.0.1:8080/en.vtt</ClosedCaptionFile>"#,
                answer: (200, vtt), allowsLocalHosts: false, sends: false),
        Failure(name: "past the size cap", file: #"<ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile>"#,
                answer: (200, Data("WEBVTT\n\n".utf8) + Data(count: CaptionFetch.maxBytes)), sends: true),
        Failure(name: "a 404", file: #"<ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile>"#,
                answer: (404, vtt), sends: true),
        Failure(name: "not WebVTT", file: #"<ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile>"#,
                answer: (200, Data("1\n00:00:00,000 --> 00:00:01,000\nSRT".utf8)), sends: true),
        Failure(name: "unreachable", file: #"<ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile>"#,
                answer: nil, sends: true),
        Failure(name: "only TTML: nothing to fetch", file: #"<ClosedCaptionFile type="application/ttml+xml" language="en">https://c.example/en.ttml</ClosedCaptionFile>"#,
                answer: (200, vtt), sends: false),
    ]

    @Test("any failure: the ad loads without captions", arguments: failures)
    func failure(_ row: Failure) async throws {
        let transport = ScriptedTransport()
        let url = row.file.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
        if let answer = row.answer { transport.answers[url] = answer }
        let captions = try await load(row.file, transport: transport, allowsLocalHosts: row.allowsLocalHosts)
        #expect(captions == nil)
        #expect(transport.asked.isEmpty == !row.sends)
    }

    @Test("an icon's placement: its position words and numbers, its size in pixels of its pxratio", arguments: [
        // xPosition, yPosition, width, height, pxratio, expected
        ("right", "top", 20, 20, nil, IconPlacement(x: .right, y: .top, width: 20, height: 20)),
        ("left", "bottom", 40, 30, "2", IconPlacement(x: .left, y: .bottom, width: 20, height: 15)),
        (" 12 ", "34", nil, nil, "0", IconPlacement(x: .points(12), y: .points(34), width: nil, height: nil)),
        (nil, nil, 10, 10, "junk", IconPlacement(x: .right, y: .top, width: 10, height: 10)),
        ("Left", "inf", 10, 10, nil, IconPlacement(x: .left, y: .top, width: 10, height: 10)),
    ] as [(String?, String?, Int?, Int?, String?, IconPlacement)])
    func placement(_ row: (String?, String?, Int?, Int?, String?, IconPlacement)) {
        var icon = VASTIcon()
        icon.xPosition = row.0
        icon.yPosition = row.1
        icon.width = row.2
        icon.height = row.3
        icon.pxratio = row.4
        #expect(icon.placement == row.5)
    }

    @Test("an icon's image and fallback image: static images the rule allows")
    func images() {
        var icon = VASTIcon()
        icon.resources = [
            VASTResource(kind: .html, value: "<b>i</b>"),
            VASTResource(kind: .staticResource, type: "application/javascript", value: "https://i.example/i.js"),
            VASTResource(kind: .staticResource, type: "image/png", value: "http://127.0.0.1/i.png"),
            VASTResource(kind: .staticResource, type: "image/png", value: "https://i.example/i.png"),
        ]
        icon.clickFallbackImages = [VASTResource(kind: .staticResource, value: "https://i.example/why.png")]
        let publicOnly = AdURLRule(allowsLocalHosts: false)
        #expect(icon.imageURL(rule: publicOnly) == URL(string: "https://i.example/i.png"))
        #expect(icon.imageURL(rule: AdURLRule(allowsLocalHosts: true)) == URL(string: "http://127.0.0.1/i.png"))
        #expect(icon.fallbackImageURL(rule: publicOnly) == URL(string: "https://i.example/why.png"))
    }
}
