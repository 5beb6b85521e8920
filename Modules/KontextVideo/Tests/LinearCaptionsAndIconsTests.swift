import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The sandbox's ad with WebVTT captions and an AdChoices icon, played through the test kit over
/// the real loopback server: the caption file fetched while the ad loads, the caption at each
/// playhead (frozen while the video is held), the icon's view tracking once, and a tap on it that
/// opens its target and fires its click tracking as an icon click, never an ad click.
@Suite("Linear ad: captions and the AdChoices icon, through the test kit")
@MainActor
struct LinearCaptionsAndIconsTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// The SDK initialized on the sandbox, and its linear ad with captions and an AdChoices icon.
    func captionsAndIconAd(_ harness: KontextVideoHarness) async throws -> (SandboxAdServer, VideoAds, VideoAd) {
        await harness.initialize()
        let server = try #require(harness.server)
        var sandboxAd = SandboxAd(creative: .vast(.inline))
        sandboxAd.captionsAndIcon = true
        server.enqueue(.ad(sandboxAd), for: .linear)
        let ads = VideoAds(content: content)
        return (server, ads, try await ads.format(.linear))
    }

    @Test func captionsAndIconFromTheSandbox() async throws {
        try await KontextVideoHarness.run { harness in
            let (server, ads, ad) = try await captionsAndIconAd(harness)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try await ad.load()
            // The English WebVTT file was fetched while the ad loaded; the TTML one it also offers never.
            #expect(server.requests.filter { $0.path == "/captions/\(ad.id).vtt" }.count == 1)
            #expect(!server.requests.contains { $0.path.hasSuffix(".ttml") })
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            #expect(video.caption == nil && video.visibleIcons.isEmpty, "nothing before the first frame")
            video.renderFirstFrame()
            #expect(video.caption == nil, "closed captions off and the sound on: no caption")
            #expect(video.visibleIcons == [0], "the AdChoices icon shows for the whole ad")

            harness.setClosedCaptioning(true)
            #expect(video.caption == SandboxCaptions.text(at: 0))
            video.play(to: 3)
            #expect(video.caption == "Skip appears at five seconds.")
            #expect(video.caption == SandboxCaptions.text(at: 3))

            // Held in the background, the player runs on 5 s: the caption stays, and those
            // seconds never count.
            harness.enterBackground()
            video.play(to: 8)
            #expect(video.caption == "Skip appears at five seconds.")
            harness.enterForeground()
            video.play(to: 11.5)
            #expect(video.caption == "Colour bars & a 1 kHz tone.", "6.5 s of the ad played")

            // The system's setting off, the ad audible: no caption; muted: captions again.
            harness.setClosedCaptioning(false)
            #expect(video.caption == nil)
            harness.setOutputVolume(0)
            #expect(video.caption == SandboxCaptions.text(at: 6.5))

            // A tap on the icon: its click-through opens, the ad pauses, no ad click.
            video.tapIcon()
            #expect(harness.clickOpener.openedURLs == [server.baseURL.appendingPathComponent("landing/\(ad.id)-adchoices")])
            #expect(!video.isPlaying, "away at the icon's page")
            #expect(!delegate.callbacks.contains { if case .click = $0 { true } else { false } }, "an icon click is no ad click")
            harness.enterBackground()
            harness.clickOpener.viewerReturns()
            harness.enterForeground()
            #expect(video.isPlaying)

            video.play(to: 15.5)
            video.complete()
            #expect(video.caption == nil && video.visibleIcons.isEmpty, "cleared at the end")
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .completed, isCompleted: true))

            await harness.flushEvents()
            _ = try await server.waitForPixelHits(count: 1, adId: ad.id, name: "iconClick")
            let names = server.pixelHits.filter { $0.adId == ad.id }.map(\.name)
            #expect(names.filter { $0 == "iconView" }.count == 1, "the icon's view tracking, once")
            #expect(names.filter { $0 == "iconClick" }.count == 1)
            #expect(!names.contains("click"), "no VAST ClickTracking for an icon")
            let iconView = try #require(server.pixelHits.first { $0.adId == ad.id && $0.name == "iconView" })
            #expect(iconView.query["cb"].map { !$0.contains("[") } == true, "macros filled")
            #expect(!server.uniqueEvents.contains { $0.adId == ad.id && $0.type == "click" }, "the server counts no click")
            withExtendedLifetime(ads) {}
        }
    }

    /// The sandbox's icon on a screen too small to draw it clear of the "Ad" badge: not shown, no
    /// tap, no `IconViewTracking`, as on a device; once the screen turns large enough
    /// (`turnsLarger`), drawn and counted then, once.
    @Test(arguments: [false, true])
    func iconNotDrawnIsNotCounted(turnsLarger: Bool) async throws {
        try await KontextVideoHarness.run { harness in
            let (server, ads, ad) = try await captionsAndIconAd(harness)
            try await ad.load()
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            video.layOut(onScreen: CGSize(width: 100, height: 60))
            video.renderFirstFrame()
            video.play(to: 3)
            #expect(video.visibleIcons.isEmpty, "no room clear of the badge")
            video.tapIcon()
            #expect(harness.clickOpener.openedURLs.isEmpty, "an icon not drawn takes no tap")
            if turnsLarger {
                video.layOut(onScreen: CGSize(width: 844, height: 390), safeArea: VideoAdInsets(top: 0, left: 47, bottom: 21, right: 47))
                #expect(video.visibleIcons == [0])
                video.layOut(onScreen: CGSize(width: 100, height: 60))
                video.play(to: 6)
                video.layOut(onScreen: CGSize(width: 390, height: 844))
            }
            video.play(to: 15.5)
            video.complete()

            await harness.flushEvents()
            _ = try await server.waitForPixelHits(count: 1, adId: ad.id, name: "complete")
            let views = server.pixelHits.filter { $0.adId == ad.id && $0.name == "iconView" }
            #expect(views.count == (turnsLarger ? 1 : 0), "the icon's view tracking fires once it is drawn, and only then")
            ads.destroy()
        }
    }
}
