import Foundation
import Testing
import KontextVideo
import KontextVideoCreatives
import KontextVideoNetworking
import KontextVideoVAST
import KontextVideoTesting

/// The facade's side of the verification seam: what a session exposes (the creative's view, the
/// SDK's controls as friendly obstructions) and the provider's lifetime.
@Suite("Verification seam")
@MainActor
struct VerificationSeamTests {
    /// A creative that is ready at once, drawn in `view`, with a ✕ and (later) a Skip over it.
    final class ControlsRenderer: CreativeRenderer, FriendlyObstructionReporting {
        var onEvent: (@MainActor (CreativeEvent) -> Void)?
        var onFriendlyObstructionsChanged: (@MainActor () -> Void)?
        let view = NSObject()
        let close = NSObject()
        let skip = NSObject()
        var showsSkip = false

        var resolvedLinearAd: ResolvedLinearAd? { nil }
        var hasEndCard: Bool { false }
        var platformView: PlatformView? { view }
        var friendlyObstructions: [CreativeControlObstruction] {
            [CreativeControlObstruction(view: close, purpose: .closeAd, detailedReason: "Close")]
                + (showsSkip ? [CreativeControlObstruction(view: skip, purpose: .mediaControls)] : [])
        }

        func load() async throws {}
        func place(in frame: CGRect) {}
        func start() {}
        func stop() {}

        /// Skip appears over the creative.
        func revealSkip() {
            showsSkip = true
            onFriendlyObstructionsChanged?()
        }
    }

    /// Makes `ControlsRenderer`s and keeps them.
    final class ControlsFactory: CreativeRendererFactory {
        var made: [ControlsRenderer] = []
        func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
            let renderer = ControlsRenderer()
            made.append(renderer)
            return renderer
        }
    }

    @Test func theSessionExposesTheCreativesViewAndTheSDKsControlsAsTheyChange() async throws {
        try await KontextVideoHarness.run { harness in
            let factory = ControlsFactory()
            KontextVideo.shared.beginSession { $0.rendererFactory = factory }
            await harness.initialize()
            let measurement = RecordingVerificationProvider()
            KontextVideo.shared.verificationProvider = measurement
            var obstructionsAtStart: [VideoAdFriendlyObstruction] = []
            measurement.onEvent = { session, event in
                if event == .sessionStart { obstructionsAtStart = session.friendlyObstructions }
            }
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.overlay)
            try await ad.load()
            try ad.show(in: HeadlessView())
            let renderer = try #require(factory.made.first)
            let session = try #require(measurement.session(for: ad.id))
            #expect(session.adView === renderer.view)
            #expect(obstructionsAtStart.map(\.purpose) == [.closeAd])
            #expect(obstructionsAtStart.first?.view === renderer.close)
            #expect(obstructionsAtStart.first?.detailedReason == "Close")

            renderer.revealSkip()
            #expect(session.friendlyObstructions.map(\.purpose) == [.closeAd, .mediaControls])
            try ad.dismiss()
            renderer.revealSkip()
            #expect(measurement.events(for: ad.id) == [.sessionStart, .loaded(nil), .impression, .friendlyObstructionsChanged, .sessionFinish])
            #expect(session.isFinished)
        }
    }

    @Test func aVerificationOfAnotherAdIsNotReported() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let measurement = RecordingVerificationProvider()
            KontextVideo.shared.verificationProvider = measurement
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            try ad.show(in: HeadlessView())
            let session = try #require(measurement.session(for: ad.id))
            #expect(session.verifications.isEmpty)
            let foreign = VideoAdVerification(id: 0, vendor: "other.example", resources: [], parameters: nil)
            #expect(!session.reportNotExecuted(foreign, reason: .rejected))
        }
    }

    @Test func aResetForgetsTheProvider() async throws {
        try await KontextVideoHarness.run { harness in
            KontextVideo.shared.verificationProvider = RecordingVerificationProvider()
            harness.resetSDK()
            #expect(KontextVideo.shared.verificationProvider == nil)
        }
    }
}
