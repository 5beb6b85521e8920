import Foundation
import Testing
@testable import KontextVideoVAST

/// Which `<ClosedCaptionFile>` shows: readable (WebVTT) first, then the content's language, the
/// app's, a track without a language; and the real documents of the corpus that carry captions.
@Suite("Caption track selection")
struct CaptionTrackSelectorTests {
    static func file(_ url: String, type: String? = "text/vtt", language: String?) -> VASTResource {
        VASTResource(kind: .file, type: type, value: url, language: language)
    }

    static let en = file("https://c.example.com/en.vtt", language: "en")
    static let enUS = file("https://c.example.com/en-us.vtt", language: "en-US")
    static let fr = file("https://c.example.com/fr.vtt", language: "fr")
    static let deUntyped = file("https://c.example.com/de.vtt", type: nil, language: "de")
    static let deTyped = file("https://c.example.com/de-typed.vtt", language: "de")
    static let frTTML = file("https://c.example.com/fr.ttml", type: "application/ttml+xml", language: "fr")
    static let frSRT = file("https://c.example.com/fr.srt", type: "text/srt", language: "fr")
    static let unlabelled = file("https://c.example.com/any.vtt", language: nil)
    static let insecure = file("javascript:alert(1)", language: "fr")
    static let untypedNotVTT = file("https://c.example.com/fr.txt", type: nil, language: "fr")

    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let files: [VASTResource]
        let content: String?
        let app: [String]
        let chosen: VASTResource?
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "content language wins over the app's", files: [en, fr], content: "fr", app: ["en"], chosen: fr),
        Row(name: "app language when the content's has none", files: [en, fr], content: "de", app: ["fr-CA", "en"], chosen: fr),
        Row(name: "the app's languages in order", files: [fr, en], content: nil, app: ["en", "fr"], chosen: en),
        Row(name: "exact tag before primary language", files: [en, enUS], content: "en-US", app: [], chosen: enUS),
        Row(name: "primary language matches a regional tag", files: [enUS], content: "en-GB", app: [], chosen: enUS),
        Row(name: "tags compare without case, underscores as hyphens", files: [enUS], content: "EN_us", app: [], chosen: enUS),
        Row(name: "declared text/vtt before an untyped .vtt", files: [deUntyped, deTyped], content: "de", app: [], chosen: deTyped),
        Row(name: "untyped .vtt is read", files: [deUntyped], content: "de", app: [], chosen: deUntyped),
        Row(name: "type parameters and case ignored", files: [file("https://c.example.com/x", type: "Text/VTT; charset=utf-8", language: "fr")], content: "fr", app: [],
            chosen: file("https://c.example.com/x", type: "Text/VTT; charset=utf-8", language: "fr")),
        Row(name: "TTML and SRT are not read", files: [frTTML, frSRT], content: "fr", app: [], chosen: nil),
        Row(name: "a readable track beats an unreadable one in a better language", files: [frTTML, en], content: "fr", app: ["en"], chosen: en),
        Row(name: "no match: a track without language", files: [fr, unlabelled], content: "ja", app: ["ja"], chosen: unlabelled),
        Row(name: "no match and every track declares another language: none", files: [fr, en], content: "ja", app: ["ja"], chosen: nil),
        Row(name: "no preference at all: the unlabelled track", files: [fr, unlabelled], content: nil, app: [], chosen: unlabelled),
        Row(name: "not http(s), or not .vtt untyped: never", files: [insecure, untypedNotVTT], content: "fr", app: [], chosen: nil),
        Row(name: "document order breaks ties", files: [en, file("https://c.example.com/en2.vtt", language: "en")], content: "en", app: [], chosen: en),
        Row(name: "no files", files: [], content: "en", app: ["en"], chosen: nil),
    ]

    @Test("chooses as the table says", arguments: rows)
    func table(_ row: Row) {
        #expect(CaptionTrackSelector(contentLanguage: row.content, appLanguages: row.app).choose(from: row.files) == row.chosen)
    }

    /// Real documents: haxqer's VAST 4.3 sample offers English WebVTT and Chinese TTML; the IAB
    /// 4.1 closed-caption sample offers only SRT and TTML, which the SDK does not read.
    @Test("corpus documents: the WebVTT track is chosen, SRT/TTML-only offers none")
    func corpus() throws {
        guard VASTCorpus.isAvailable else { return }
        let haxqer = try VASTParser.parse(VASTCorpus.data("haxqer-vast/vast_43_inline.xml")).get()
        let files = try #require(haxqer.ads.first?.linearCreative?.linear?.closedCaptionFiles)
        #expect(files.count == 2)
        let chosen = CaptionTrackSelector(contentLanguage: "zh-TW", appLanguages: ["en-US"]).choose(from: files)
        #expect(chosen?.value == "https://example.com/captions/en.vtt")
        let iab = try VASTParser.parse(VASTCorpus.data("iab-vast-samples/VAST 4.1 Samples/Closed_Caption_Test.xml")).get()
        let iabFiles = try #require(iab.ads.first?.linearCreative?.linear?.closedCaptionFiles)
        #expect(!iabFiles.isEmpty)
        #expect(CaptionTrackSelector(contentLanguage: "en", appLanguages: ["en"]).choose(from: iabFiles) == nil)
    }

    @Test("the resolved ad carries the in-line linear's caption files")
    func resolvedCarriesCaptions() throws {
        let xml = Fixture.vast(Fixture.inline(media: """
            <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example.com/a.mp4</MediaFile>
            <ClosedCaptionFiles><ClosedCaptionFile type="text/vtt" language="en">https://c.example.com/en.vtt</ClosedCaptionFile></ClosedCaptionFiles>
            """))
        let document = try Fixture.parse(xml)
        let resolved = try VASTChainMerger.merge(inLine: #require(document.ads.first), wrappers: [], hops: [], selector: MediaFileSelector(device: .standard)).get()
        #expect(resolved.closedCaptionFiles == [Self.file("https://c.example.com/en.vtt", language: "en")])
    }
}

/// When an icon shows (`offset`, `duration`), and the VAST 4.2 fallback images of a real document.
@Suite("VAST icons: schedule and fallback images")
struct VASTIconScheduleTests {
    static func icon(offset: String?, duration: String?) -> VASTIcon {
        var icon = VASTIcon()
        icon.offset = offset
        icon.duration = duration
        return icon
    }

    @Test("offset and duration, with their defaults", arguments: [
        // offset, duration, expected schedule
        (nil, nil, 0.0...Double.infinity),
        ("00:00:05", nil, 5.0...Double.infinity),
        ("00:00:05", "00:00:03", 5.0...8.0),
        (nil, "00:00:02.500", 0.0...2.5),
        ("junk", "junk", 0.0...Double.infinity),
        ("00:00:01", "00:00:00", 1.0...Double.infinity),
    ] as [(String?, String?, ClosedRange<Double>)])
    func schedule(_ row: (String?, String?, ClosedRange<Double>)) {
        #expect(Self.icon(offset: row.0, duration: row.1).schedule == row.2, "\(row)")
    }

    @Test("corpus: IconClickFallbackImages are read (IAB VAST 4.2 IconClickFallbacks.xml)")
    func fallbackImages() throws {
        guard VASTCorpus.isAvailable else { return }
        let document = try VASTParser.parse(VASTCorpus.data("iab-vast-samples/VAST 4.2 Samples/IconClickFallbacks.xml")).get()
        let icon = try #require(document.ads.first?.linearCreative?.linear?.icons.first)
        #expect(icon.clickFallbackImages.map(\.value) == ["https://example.org/images/ad_icon_clicked.png"])
        #expect(icon.resources.map(\.value) == ["https://example.org/images/ad_icon_img.png"])
    }
}
