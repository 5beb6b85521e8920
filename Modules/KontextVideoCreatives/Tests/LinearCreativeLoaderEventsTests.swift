import KontextVideoVAST
import KontextVideoTestSupport
import Foundation
import Testing
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
@testable import KontextVideoCreatives

/// What a linear creative's load tells the ad inspector: each VAST hop with the ad's id, the media
/// file chosen and why, or why the walk gave nothing to play.
@Suite("Linear creative load events")
struct LinearCreativeLoaderEventsTests {
    let clock = TestClock()
    let events = KontextVideoEventStream(logLevel: .none)
    let heard = RecordingEventMonitor()

    init() {
        events.add(heard)
    }

    static func inline(_ mediaFiles: String) -> String {
        """
        <VAST version="4.2"><Ad id="in"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example/impression</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <MediaFiles>\(mediaFiles)</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    func ad(vast: String? = nil, tag: URL? = nil) -> ServedAd {
        ServedAd(
            id: "ad-42", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900), creative: ServedCreative(kind: .vast, url: tag, inlineVAST: vast))
    }

    var context: CreativeContext {
        CreativeContext(clock: clock, transport: URLSessionTransport(), events: events)
    }

    @Test func aWrapperChainsHopsNameTheAdAndTheMediaFileSaysWhy() async throws {
        let inline = Self.inline("""
            <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="1200">https://cdn.example/hd.mp4</MediaFile>
            <MediaFile delivery="progressive" type="video/webm" width="1280" height="720">https://cdn.example/hd.webm</MediaFile>
            """)
        let server = HTTPServer { _ in .respond(.text(inline, contentType: "application/xml")) }
        try server.start()
        defer { server.stop() }
        let wrapper = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>t</AdSystem>
            <VASTAdTagURI><![CDATA[\(server.baseURL.absoluteString)/inline.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>
            """
        _ = try await LinearCreativeLoader(ad: ad(vast: wrapper), context: context).load()
        let hop = try #require(heard.events(.vastHop).first)
        #expect(hop.attributes["adId"] == "ad-42")
        #expect(hop.attributes["depth"] == "1")
        #expect(hop.attributes["elapsed"] != nil)
        let chosen = try #require(heard.events(.state, named: .mediaFileChosen).first)
        #expect(chosen.attributes == [
            "adId": "ad-42", "url": "https://cdn.example/hd.mp4", "type": "video/mp4", "delivery": "progressive", "size": "1280x720",
            "bitrate": "1200", "reason": "1 of 2 files playable; the largest of 1 that fits the 1920×1080 screen",
        ])
    }

    @Test func aWalkWithNothingToPlaySaysWhy() async throws {
        let unplayable = Self.inline(#"<MediaFile delivery="progressive" type="video/x-unplayable">https://cdn.example/x</MediaFile>"#)
        await #expect(throws: CreativeLoadError.self) {
            _ = try await LinearCreativeLoader(ad: ad(vast: unplayable), context: context).load()
        }
        let failed = try #require(heard.events(.error, named: .vastFailed).first)
        #expect(failed.attributes["adId"] == "ad-42")
        #expect(failed.attributes["code"] == "403")
        #expect(failed.attributes["why"] == "no supported media file among 1 (types: video/x-unplayable)")
        #expect(heard.events(.state, named: .mediaFileChosen).isEmpty)
    }
}

/// The device's network feeds the media selector's cellular bitrate cap.
@Suite("Linear creative load on the device's network")
struct LinearCreativeLoaderNetworkTests {
    static let ladder = LinearCreativeLoaderEventsTests.inline("""
        <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="4500">https://cdn.example/1080.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2500">https://cdn.example/720.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360" bitrate="800">https://cdn.example/360.mp4</MediaFile>
        """)

    @Test("cellular picks the file under the 1,500 kbps cap; Wi-Fi, wired and unknown the one that fits the screen", arguments: [
        (NetworkKind.cellular, "https://cdn.example/360.mp4"),
        (.wifi, "https://cdn.example/1080.mp4"),
        (.wired, "https://cdn.example/1080.mp4"),
        (.other, "https://cdn.example/1080.mp4"),
        (.unknown, "https://cdn.example/1080.mp4"),
    ])
    func chosenFile(network: NetworkKind, url: String) async throws {
        let base = LinearCreativeLoaderEventsTests()
        var context = base.context
        context.network = network
        let loaded = try await LinearCreativeLoader(ad: base.ad(vast: Self.ladder), context: context).load()
        #expect(loaded.ad.mediaFile.url == url)
    }
}
