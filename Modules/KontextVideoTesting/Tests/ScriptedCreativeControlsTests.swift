import Foundation
import Testing
import KontextVideoTesting

/// A publisher's headless test sees the SDK's own controls in the app's language and direction:
/// titles, VoiceOver labels, frames.
@Suite("Scripted creatives: the SDK's controls")
@MainActor
struct ScriptedCreativeControlsTests {
    @Test("an Arabic app: the pause ad's ✕ speaks Arabic and sits top left")
    func arabicPauseAd() async throws {
        try await KontextVideoHarness.run { harness in
            harness.appLanguages = ["fa", "ar", "en"]
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "ar"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            let creative = try #require(harness.creatives.creative(for: ad))
            #expect(creative.controlsLanguage == "ar")
            #expect(creative.controlsAreRightToLeft)
            let close = try #require(creative.controls.first)
            #expect(close.kind == .close && close.title == "✕" && close.accessibilityLabel == "إغلاق الإعلان" && close.isPressable)
            let view = HeadlessView()   // held here: the SDK holds the host view weakly
            try ad.show(in: view)
            let placed = try #require(creative.controls.first?.frame)
            #expect(placed.minX == 0 && placed.minY == 0, "✕ in the top left corner")
            #expect(creative.controls(onScreen: CGSize(width: 300, height: 250)).first?.frame == CGRect(x: 0, y: 0, width: 44, height: 44))
            ads.destroy()
            _ = view
        }
    }

    @Test("the configuration's adControlsLanguage comes before the app's languages; a linear ad's badge counts in Japanese")
    func japaneseLinearAd() async throws {
        try await KontextVideoHarness.run { harness in
            harness.appLanguages = ["he"]
            var configuration = KontextVideo.Configuration(publisherToken: "acme-dev", logLevel: .none, serverURL: harness.serverURL)
            configuration.adControlsLanguage = "ja-JP"
            await KontextVideo.shared.initialize(with: configuration)
            let ads = VideoAds(content: .init(id: "e1", language: "ja"))
            let linear = try await ads.format(.linear)
            try await linear.load()
            try linear.show(from: harness.presenter)
            let creative = try #require(harness.creatives.creative(for: linear))
            #expect(creative.controlsLanguage == "ja" && !creative.controlsAreRightToLeft)
            creative.renderFirstFrame()
            creative.reportMediaLength(15)
            creative.play(to: 2)
            let badge = try #require(creative.controls.first { $0.kind == .adBadge })
            #expect(badge.title == "広告 · 0:13")
            #expect(badge.accessibilityLabel == "広告、残り13秒")
            #expect(!badge.isPressable)
            #expect(badge.frame == nil, "a headless presenter places no frame")
            let onPhone = creative.controls(onScreen: CGSize(width: 390, height: 844), safeArea: VideoAdInsets(top: 47, bottom: 34))
            let placed = try #require(onPhone.first { $0.kind == .adBadge }?.frame)
            #expect(placed.minX == 16 && placed.minY == 47 + 16, "Japanese runs left to right: the badge top left")
            ads.destroy()
        }
    }

    @Test("an app in English only: English controls, left to right")
    func englishByDefault() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "pt-BR"))
            let ad = try await ads.format(.overlay)
            try await ad.load()
            let creative = try #require(harness.creatives.creative(for: ad))
            #expect(creative.controlsLanguage == "en" && !creative.controlsAreRightToLeft)
            #expect(creative.controls.map(\.accessibilityLabel) == ["Close ad"])
            ads.destroy()
        }
    }
}
