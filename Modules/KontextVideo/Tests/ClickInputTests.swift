import Foundation
import Testing
import KontextVideoCreatives
@testable import KontextVideo
import KontextVideoTesting

/// A click is recorded only where the platform's `ClickInputRule` makes a tap a click: on tvOS
/// (a remote, nothing to open) a click the creative reports is no click event, no `didClick`,
/// and opens nothing.
@Suite("Clicks by platform")
@MainActor
struct ClickInputTests {
    /// Shows a pause ad on a platform with `rule`, and lets its creative report a click.
    private func click(under rule: ClickInputRule, _ harness: KontextVideoHarness) async throws -> (VideoAd, RecordingDelegate, HeadlessView) {
        let opener = harness.clickOpener
        KontextVideo.shared.beginSession { $0.platform = HeadlessPlatform(clickOpener: opener, clickInputRule: rule) }
        await harness.initialize()
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
        let ad = try await ads.format(.pause)
        try await ad.load()
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        let view = HeadlessView()
        try ad.show(in: view)
        try #require(harness.creatives.creative(for: ad)).click()
        await harness.flushEvents()
        withExtendedLifetime(ads) {}
        return (ad, delegate, view)
    }

    /// The click events the server got for `ad`.
    private func clickEvents(_ harness: KontextVideoHarness, of ad: VideoAd) -> Int {
        (harness.server?.uniqueEvents ?? []).filter { $0.type == "click" && $0.adId == ad.id }.count
    }

    @Test func aTouchScreenRecordsAndOpensTheClick() async throws {
        try await KontextVideoHarness.run { harness in
            let (ad, delegate, view) = try await click(under: ClickInputRule(device: .touch, opensClickTargets: true), harness)
            #expect(delegate.callbacks.contains(.click(adId: ad.id, area: .creative)))
            #expect(clickEvents(harness, of: ad) == 1)
            #expect(harness.clickOpener.attemptedURLs.count == 1)
            try ad.dismiss()
            withExtendedLifetime(view) {}
        }
    }

    /// The platform's rule reaches a linear ad's playback through the creative's context, not the
    /// build's platform: where click targets cannot open, a tap on the AdChoices icon shows its
    /// fallback image and opens nothing (before: the playback read the build's rule, so a session
    /// standing in for tvOS opened nothing and showed no fallback either).
    @Test(arguments: [false, true])
    func anIconTapFollowsThePlatformsRule(opensClickTargets: Bool) async throws {
        try await KontextVideoHarness.run { harness in
            let opener = harness.clickOpener
            let rule = ClickInputRule(device: opensClickTargets ? .touch : .remote, opensClickTargets: opensClickTargets)
            let presenter = harness.presenter
            KontextVideo.shared.beginSession {
                $0.platform = HeadlessPlatform(defaultPresenter: { presenter }, clickOpener: opener, clickInputRule: rule)
            }
            await harness.initialize()
            let server = try #require(harness.server)
            var sandboxAd = SandboxAd(creative: .vast(.inline))
            sandboxAd.captionsAndIcon = true
            server.enqueue(.ad(sandboxAd), for: .linear)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.linear)
            try await ad.load()
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            #expect(video.visibleIcons == [0])
            video.tapIcon()
            if opensClickTargets {
                #expect(video.shownIconFallbacks.isEmpty)
                #expect(harness.clickOpener.openedURLs.count == 1, "the icon's click-through opens")
            } else {
                #expect(video.shownIconFallbacks == [0], "the fallback image shows")
                #expect(harness.clickOpener.attemptedURLs.isEmpty, "nothing opens")
            }
            ads.destroy()
            withExtendedLifetime(ads) {}
        }
    }

    @Test func tvOSRecordsNoClick() async throws {
        try await KontextVideoHarness.run { harness in
            let (ad, delegate, view) = try await click(under: ClickInputRule(device: .remote, opensClickTargets: false), harness)
            #expect(!delegate.callbacks.contains { if case .click = $0 { true } else { false } }, "no didClick")
            #expect(clickEvents(harness, of: ad) == 0, "no click event")
            #expect(harness.clickOpener.attemptedURLs.isEmpty, "nothing opened")
            #expect(ad.wasShown && !ad.hasEnded, "the ad goes on")
            try ad.dismiss()
            withExtendedLifetime(view) {}
        }
    }
}
