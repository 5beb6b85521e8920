import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// A linear ad's end card, loaded with the ad (`LinearCreativeLoader` → `LoadedEndCard`): a page
/// where the platform shows pages, else its image, fetched and checked against the decode cap. An
/// image that cannot be shown costs the ad its end card only, and owes the ad's `<Error>` URLs
/// the VAST code that says why (603: not fetched or not an image; 601: too large to decode).
@Suite("A linear ad's end card, loaded with it")
struct EndCardLoadTests {
    static let cardURL = "https://c.example/card.png"

    static let document = """
        <VAST version="4.2"><Ad id="in"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
        <Error>https://t.example/error?code=[ERRORCODE]</Error>
        <Impression>https://t.example/impression</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/a.mp4</MediaFile>
        </MediaFiles></Linear></Creative>
        <Creative><CompanionAds><Companion id="card" width="1280" height="720" renderingMode="end-card">
        <StaticResource creativeType="image/png">\(cardURL)</StaticResource></Companion></CompanionAds></Creative>
        </Creatives></InLine></Ad></VAST>
        """

    func load(showsPages: Bool, card: (status: Int, body: Data)?) async throws -> (LoadedLinearCreative, [String]) {
        let transport = CaptionFetchTests.ScriptedTransport()
        transport.answers[Self.cardURL] = card
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: nil, inlineVAST: Self.document))
        let context = CreativeContext(
            clock: TestClock(), transport: transport, events: KontextVideoEventStream(logLevel: .none), macros: nil,
            urlRule: AdURLRule(allowsLocalHosts: true))
        let loaded = try await LinearCreativeLoader(ad: ad, context: context, showsPages: showsPages).load()
        return (loaded, transport.asked)
    }

    @Test("each way an end-card image arrives, or does not: the card, the pixel owed, what was fetched")
    func table() async throws {
        let fits = ImageDecodeCapTests.png(width: 1280, height: 720)
        let tooLarge = ImageDecodeCapTests.png(width: 5000, height: 5000)
        let rows: [(name: String, answer: (status: Int, body: Data)?, card: LoadedEndCard?, code: String?)] = [
            ("an image that fits", (200, fits), .image(fits), nil),
            ("not found", (404, Data("gone".utf8)), nil, "603"),
            ("no answer", nil, nil, "603"),
            ("not an image", (200, Data("<html></html>".utf8)), nil, "603"),
            ("an empty body", (200, Data()), nil, "603"),
            ("over the decode cap's pixels", (200, tooLarge), nil, "601"),
        ]
        for row in rows {
            let (loaded, asked) = try await load(showsPages: false, card: row.answer)
            #expect(loaded.endCard == row.card, "\(row.name)")
            #expect(loaded.errorPixels.map(\.absoluteString) == row.code.map { ["https://t.example/error?code=\($0)"] } ?? [], "\(row.name)")
            #expect(asked == [Self.cardURL], "\(row.name): fetched once")
        }
    }

    @Test("where pages show, the card is its page: nothing fetched, nothing owed")
    func page() async throws {
        let (loaded, asked) = try await load(showsPages: true, card: nil)
        guard case .page? = loaded.endCard else {
            Issue.record("expected the end card's page, got \(String(describing: loaded.endCard))")
            return
        }
        #expect(loaded.errorPixels.isEmpty)
        #expect(asked.isEmpty)
    }

    @Test("the 603 pixel's [TIMESTAMP] is the injected wall clock's date, not the device's")
    func timestamp() async throws {
        let transport = CaptionFetchTests.ScriptedTransport()
        let document = Self.document.replacingOccurrences(of: "code=[ERRORCODE]", with: "code=[ERRORCODE]&amp;ts=[TIMESTAMP]")
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: nil, inlineVAST: document))
        let context = CreativeContext(
            clock: TestClock(), transport: transport, events: KontextVideoEventStream(logLevel: .none), macros: nil,
            urlRule: AdURLRule(allowsLocalHosts: true), wallClock: WallClock { Date(timeIntervalSince1970: 1_800_000_000) })
        let loaded = try await LinearCreativeLoader(ad: ad, context: context, showsPages: false).load()
        #expect(loaded.errorPixels.map(\.absoluteString) == ["https://t.example/error?code=603&ts=2027-01-15T08%3A00%3A00.000Z"])
    }
}
