import Foundation
import Testing
@testable import KontextVideo
import KontextVideoTesting

/// An app-install ad's App Store overlay rises in the ad's own scene: `AppStoreOverlayScene`'s
/// table, then through the facade with two headless scenes (a multi-window iPad), the ad's
/// presenter in the second.
@Suite("The App Store overlay rises in the ad's scene")
@MainActor
struct AppStoreOverlaySceneTests {
    private final class Scene {}
    private let sceneA = Scene(), sceneB = Scene()
    private var a: SceneIdentity { SceneIdentity(sceneA) }
    private var b: SceneIdentity { SceneIdentity(sceneB) }

    @Test func table() {
        let rows: [(adScene: SceneIdentity?, usable: [SceneIdentity], chosen: SceneIdentity?)] = [
            (b, [a, b], b),  // the ad's own, though another is first (the key window's)
            (a, [a, b], a),
            (b, [a], nil),  // its scene went to the background: no overlay in another window
            (b, [], nil),
            (nil, [a, b], a),  // unknown: the best usable scene, where the SDK's presenter shows it
            (nil, [], nil),
        ]
        for row in rows {
            #expect(AppStoreOverlayScene.choose(adScene: row.adScene, usable: row.usable) == row.chosen, "\(row)")
        }
    }

    /// What the platform is told about each overlay: the scene it should rise in.
    @MainActor
    private final class SceneRecordingAttribution: AppAttributing {
        var overlayScenes: [SceneIdentity?] = []
        var capabilities: AttributionCapabilities {
            AttributionCapabilities(adAttributionKit: false, skAdNetworkViewThrough: true, appStoreOverlay: true)
        }
        func startView(_ window: ViewThroughWindow, now: Duration) {}
        func endView(_ window: ViewThroughWindow, length: Duration, tooShort: Bool, now: Duration) {}
        func presentOverlay(_ overlay: AppStoreOverlay, adId: String, adScene: SceneIdentity?, now: Duration) {
            overlayScenes.append(adScene)
        }
        func dismissOverlay(adId: String, now: Duration) {}
    }

    @Test func aLinearAdsOverlayIsToldTheSceneItsPresenterIsIn() async throws {
        try await KontextVideoHarness.run { harness in
            let scenes = TestScenes()
            let attribution = SceneRecordingAttribution()
            let presenter = harness.presenter, opener = harness.clickOpener
            KontextVideo.shared.beginSession {
                $0.platform = HeadlessPlatform(defaultPresenter: { presenter }, clickOpener: opener, scenes: scenes, attribution: attribution)
            }
            await harness.initialize()
            scenes.place(presenter, in: b)
            var answer = SandboxAd(creative: .vast(.inlineWithEndCard), appStoreID: "1234567890")
            answer.attribution = SandboxAttribution(overlay: .endCard)
            harness.server?.enqueue(.ad(answer), for: .linear)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.linear)
            try await ad.load()
            try ad.show()
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.renderFirstFrame()
            await harness.advance(by: .seconds(15))
            creative.complete()
            #expect(attribution.overlayScenes == [b])
            creative.close()
            withExtendedLifetime(ads) {}
        }
    }
}
