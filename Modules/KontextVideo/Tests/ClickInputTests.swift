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
