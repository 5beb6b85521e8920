import Foundation
import Testing
import KontextVideo
import KontextVideoModels
import KontextVideoTesting
import KontextVideoTestSupport

/// An ad's bytes cannot crash the app, through the public API as a publisher meets it (issue 32):
/// each numeric field of a VAST document and of an ad answer at each extreme value, driven through
/// `format()`, `load()`, `show()` and playback; and a tap opens only what `AdURLRule` allows.
@Suite("Hostile ads: no trap, nothing opened that should not be")
@MainActor
struct HostileAdTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// An ad answer as raw JSON text: numbers no `JSONValue` can hold (a 400-digit one) stay as written.
    static func answer(id: String, format: String, price: String = "1", duration: String = "15", expiresIn: String = "900",
                       creative: String) -> SandboxAnswer {
        let body = """
        {"ad":{"id":"\(id)","format":"\(format)","price":{"value":\(price)},"duration":\(duration),"expiresIn":\(expiresIn),"creative":\(creative)}}
        """
        return .raw(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    /// One linear ad from `answer`, played as far as it goes: a typed error or an end, never a trap.
    func play(_ answer: SandboxAnswer, on harness: KontextVideoHarness, ads: VideoAds, mediaLength: Double = 20) async throws -> String {
        harness.server?.enqueue(answer, for: .linear)
        let ad: VideoAd
        do { ad = try await ads.format(.linear) } catch let error as VideoAdError { return "format: \(error)" }
        do { try await ad.load() } catch let error as VideoAdError { return "load: \(error)" }
        try ad.show()
        let video = try #require(harness.creatives.creative(for: ad))
        video.renderFirstFrame()
        video.reportMediaLength(mediaLength)
        for position in [1.0, 3, 6, 1e9, .greatestFiniteMagnitude] { video.play(to: position) }
        video.pressSkip()
        if !ad.hasEnded { video.complete() }
        #expect(ad.hasEnded)
        return "ended"
    }

    @Test(arguments: HostileNumbers.vastFields)
    func eachVASTNumberAtEachExtremePlaysOrFailsTyped(_ field: String) async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            // The icon's image is fetched while the ad loads (`IconFetch`), and the harness refuses
            // hosts it did not plan for: it is asked of the sandbox, which has none (404), so the
            // icon is not drawn. Extreme sizes are laid out in `CaptionAndIconLayoutTests`.
            let icon = try #require(harness.server).baseURL.appendingPathComponent("icons/hostile.png").absoluteString
            for (index, value) in HostileNumbers.extremes.enumerated() {
                let document = HostileNumbers.vastDocument(field, value).replacingOccurrences(of: "https://t.example/i.png", with: icon)
                let vast = try Self.jsonString(document)
                let outcome = try await play(
                    Self.answer(id: "v-\(field)-\(index)", format: "linear", creative: #"{"type":"vast","vast":\#(vast)}"#),
                    on: harness, ads: ads)
                #expect(outcome == "ended", "\(field)=\(value.prefix(24)): the other fields are plain, so the ad plays")
            }
            ads.destroy()
        }
    }

    @Test func theMediaLengthAndPositionAPlayerReportsAtTheirExtremesNeverTrap() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            for length in [Double.greatestFiniteMagnitude, 1e308, 4_294_967_296, .infinity, .nan, -1, 0, 1e-300] {
                let outcome = try await play(.ad(SandboxAd(creative: .vast(.inline))), on: harness, ads: ads, mediaLength: length)
                #expect(outcome == "ended", "media length \(length)")
            }
            ads.destroy()
        }
    }

    /// Each numeric member of an ad answer at each extreme: an ad within the documented bounds, or
    /// the answer refused as malformed; an overlay's size then laid out, never printed through a trap.
    @Test(arguments: ["price", "duration", "expiresIn", "width", "height"])
    func eachAnswerNumberAtEachExtremeIsBoundedOrRefused(_ member: String) async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(isPlaying: true)
            ads.track(player)
            for (index, value) in (HostileNumbers.extremes + ["-0", "1e-320"]).enumerated() {
                guard let base = harness.server?.baseURL else { return }
                let size = #""width":\#(member == "width" ? value : "320"),"height":\#(member == "height" ? value : "50")"#
                let creative = #"{"type":"image","url":"\#(base)/images/x.png",\#(size)}"#
                harness.server?.enqueue(Self.answer(
                    id: "a-\(member)-\(index)", format: "overlay",
                    price: member == "price" ? value : "1", duration: member == "duration" ? value : "15",
                    expiresIn: member == "expiresIn" ? value : "900", creative: creative), for: .overlay)
                let ad: VideoAd
                do { ad = try await ads.format(.overlay) } catch let error as VideoAdError {
                    guard case .request = error else { Issue.record("\(member)=\(value.prefix(24)): \(error)"); continue }
                    continue
                }
                #expect(ad.price.value.isFinite && ad.price.value >= 0)
                do { try await ad.load() } catch let error as VideoAdError { _ = error.localizedDescription; continue }
                do {
                    try ad.show(in: HeadlessView(size: CGSize(width: 390, height: 844)))
                } catch let error as VideoAdError {
                    _ = error.localizedDescription
                    try ad.reject(.notUsed)
                    continue
                }
                await harness.advance(by: .seconds(20))
                if !ad.hasEnded { try ad.dismiss() }
            }
            ads.destroy()
        }
    }

    /// `answer` for a pause ad with `clickUrl` and `fallbackUrl` as given.
    func clickThrough(clickURL: String, fallbackURL: String?, on harness: KontextVideoHarness) async throws -> (VideoAd, [KontextVideoEvent]) {
        harness.server?.enqueue(.ad(SandboxAd(clickURL: clickURL, fallbackURL: fallbackURL)), for: .pause)
        let recorder = RecordingEventMonitor()
        KontextVideo.shared.events.add(recorder)
        let ads = VideoAds(content: content)
        let ad = try await ads.format(.pause)
        try await ad.load()
        try ad.show(in: HeadlessView(size: CGSize(width: 390, height: 844)))
        try #require(harness.creatives.creative(for: ad)).click()
        return (ad, recorder.events.filter { $0.name == KontextVideoEvent.Name.clickTargetRefused.rawValue })
    }

    @Test(arguments: [
        "tel:+15551234567", "sms:+15551234567", "facetime:+15551234567", "mailto:a@b.example", "prefs:root=General",
        "shortcuts://run-shortcut?name=x", "itms-services://?action=download-manifest&url=https://x.example/m.plist",
        "myapp://purchase?sku=gold",
    ])
    func aTapOnAnotherSchemeOpensTheHTTPSFallbackAndStillCounts(_ scheme: String) async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ad, refusals) = try await clickThrough(clickURL: scheme, fallbackURL: "{base}/landing/{adId}", on: harness)
            let landing = harness.serverURL.appendingPathComponent("landing").appendingPathComponent(ad.id)
            #expect(harness.clickOpener.attemptedURLs == [landing], "the refused scheme is never handed to the system")
            #expect(harness.clickOpener.openedURLs == [landing])
            let refusal = try #require(refusals.only)
            #expect(refusal.level == .warning)
            #expect(refusal.attributes["scheme"] == URL(string: scheme)?.scheme?.lowercased())
            #expect(refusal.attributes["reason"] == "scheme not allowed")
            #expect(refusal.attributes["url"]?.contains("?") != true || refusal.attributes["url"]?.hasSuffix("?…") == true, "no query in the log")
            await harness.flushEvents()
            let clicks = try #require(harness.server).uniqueEvents.filter { $0.type == "click" && $0.adId == ad.id }
            #expect(clicks.count == 1, "the viewer did tap: the click counts")
        }
    }

    @Test func aTapWithNothingAllowedOpensNothingAndStillCounts() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ad, refusals) = try await clickThrough(clickURL: "myapp://purchase", fallbackURL: "tel:123", on: harness)
            #expect(harness.clickOpener.attemptedURLs.isEmpty)
            #expect(harness.clickOpener.productSheets.isEmpty)
            #expect(!harness.clickOpener.isViewerAway)
            #expect(refusals.map { $0.attributes["scheme"] } == ["myapp", "tel"])
            await harness.flushEvents()
            #expect(try #require(harness.server).uniqueEvents.filter { $0.type == "click" && $0.adId == ad.id }.count == 1)
        }
    }

    @Test func anAppStoreLinkOpensTheProductSheet() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            _ = try await clickThrough(clickURL: "itms-apps://itunes.apple.com/app/id284882215", fallbackURL: nil, on: harness)
            #expect(harness.clickOpener.productSheets == ["284882215"])
            #expect(harness.clickOpener.attemptedURLs.isEmpty)
        }
    }
}

private extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
