import Foundation
import Testing
import KontextVideo
import KontextVideoConcurrency
import KontextVideoCreatives
import KontextVideoNetworking
import KontextVideoVAST
import KontextVideoTesting

/// `load()` with a renderer whose work runs off the main actor (`CreativePreparation`), as the
/// SDK's own image and headless renderers load: each caller wakes once, on the main actor, and the
/// first one back hands the result to the renderer; a cancelled caller leaves the work going.
@Suite("load() with work off the main actor")
@MainActor
struct LoadPreparationTests {
    /// A renderer whose preparation waits for the test, then gives `outcome`.
    final class GatedRenderer: CreativeRenderer {
        var onEvent: (@MainActor (CreativeEvent) -> Void)?
        var resolvedLinearAd: ResolvedLinearAd? { nil }
        var hasEndCard: Bool { false }
        /// Finished by the work as it starts.
        let started = OnceOutcome<Void>()
        /// Lets the work go on.
        let gate = OnceOutcome<Void>()
        /// What the work gives once let go.
        var outcome: Result<String, CreativeLoadError> = .success("prepared")
        private(set) var preparations = 0
        /// What was handed over (`PreparedCreative.finishLoad()`), in order.
        private(set) var handedOver: [String] = []
        /// Whether the work ran on the main thread.
        let ranOnMainThread = LockedState<Bool?>(nil)

        func load() async throws { Issue.record("a renderer with a preparation is not asked to load()") }
        func makePreparation() -> CreativePreparation? {
            preparations += 1
            let (started, gate, outcome, ranOnMainThread) = (started, gate, outcome, ranOnMainThread)
            return CreativePreparation { [self] in
                ranOnMainThread.withLock { $0 = Thread.isMainThread }
                started.finish(.success(()))
                try await gate.value()
                let prepared = try outcome.get()
                return PreparedCreative { self.handedOver.append(prepared) }
            }
        }
        func place(in frame: CGRect) {}
        func start() {}
        func stop() {}
    }

    final class GatedFactory: CreativeRendererFactory {
        var made: [GatedRenderer] = []
        var outcome: Result<String, CreativeLoadError> = .success("prepared")
        func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
            let renderer = GatedRenderer()
            renderer.outcome = outcome
            made.append(renderer)
            return renderer
        }
    }

    private func yield(until condition: () -> Bool) async -> Bool {
        for _ in 0..<20_000 where !condition() { await Task.yield() }
        return condition()
    }

    /// One pause ad of a `VideoAds` on the harness's sandbox, its creative made by a `GatedFactory`
    /// whose work gives `outcome`; `body` gets the ad with `load()` called on it in a task, and the
    /// renderer once it was made. The `VideoAds` is destroyed afterwards.
    private func withLoadingAd(
        outcome: Result<String, CreativeLoadError> = .success("prepared"),
        _ body: @MainActor (KontextVideoHarness, VideoAds, VideoAd, Task<Void, any Error>, GatedRenderer) async throws -> Void
    ) async throws {
        try await KontextVideoHarness.run { harness in
            let factory = GatedFactory()
            factory.outcome = outcome
            KontextVideo.shared.beginSession { $0.rendererFactory = factory }
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.pause)
            let call = Task { @MainActor in try await ad.load() }
            let renderer = try #require(await yield { factory.made.count == 1 } ? factory.made.first : nil)
            try await body(harness, ads, ad, call, renderer)
            ads.destroy()
        }
    }

    @Test func concurrentCallersShareOneWorkOffTheMainThreadAndItsResultIsHandedOverOnce() async throws {
        try await withLoadingAd { _, _, ad, first, renderer in
            let second = Task { @MainActor in try await ad.load() }
            try await renderer.started.value()
            #expect(!ad.isLoaded)
            renderer.gate.finish(.success(()))
            try await first.value
            try await second.value
            #expect(ad.isLoaded)
            #expect(renderer.preparations == 1)
            #expect(renderer.handedOver == ["prepared"])
            #expect(renderer.ranOnMainThread.snapshot == false)
            try await ad.load()
            #expect(renderer.handedOver == ["prepared"], "a later load() returns at once")
        }
    }

    @Test func aCancelledCallerLeavesTheWorkGoingWhichHandsItsResultOverItselfWhenNobodyWaits() async throws {
        try await withLoadingAd { _, _, ad, call, renderer in
            try await renderer.started.value()
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(!ad.isLoaded)
            renderer.gate.finish(.success(()))
            #expect(await yield { ad.isLoaded }, "the work went on, and handed its result over with nobody waiting")
            #expect(renderer.handedOver == ["prepared"])
            try await ad.load()
            #expect(renderer.preparations == 1, "the next load() found it loaded")
            try ad.show(in: HeadlessView())
        }
    }

    @Test func workThatFailsFailsTheLoadWithItsCodeAndInvalidatesTheAd() async throws {
        try await withLoadingAd(outcome: .failure(CreativeLoadError(code: VASTErrorCode(creativeCode: 403)))) { _, _, ad, call, renderer in
            renderer.gate.finish(.success(()))
            await #expect(throws: VideoAdError.creativeFailed(code: 403)) { try await call.value }
            #expect(ad.invalidationReason == .creativeFailed(code: 403))
            #expect(renderer.handedOver.isEmpty)
            await #expect(throws: VideoAdError.invalidated(.creativeFailed(code: 403))) { try await ad.load() }
        }
    }

    @Test func theTimeOutFailsTheLoadWhileTheWorkRunsAndWhatItPreparesLaterChangesNothing() async throws {
        try await withLoadingAd { harness, _, ad, call, renderer in
            try await renderer.started.value()
            await harness.advance(by: .seconds(11))
            await #expect(throws: VideoAdError.self) { try await call.value }
            guard case .creativeFailed? = ad.invalidationReason else {
                Issue.record("the time-out invalidates the ad, not \(String(describing: ad.invalidationReason))")
                return
            }
            renderer.gate.finish(.success(()))
            for _ in 0..<1_000 { await Task.yield() }
            #expect(renderer.handedOver.isEmpty, "a result after the time-out is not handed over")
            #expect(!ad.isLoaded)
        }
    }

    @Test func aLoadingAdAndItsVideoAdsAreFreedOnceDestroyedAndTheWorkWasCancelled() async throws {
        try await KontextVideoHarness.run { harness in
            let factory = GatedFactory()
            KontextVideo.shared.beginSession { $0.rendererFactory = factory }
            await harness.initialize()
            // The work and the time-out hold the ad strongly while it loads; destroy() cancels both.
            weak var releasedAds: VideoAds?
            weak var releasedAd: VideoAd?
            do {
                let ads = VideoAds(content: .init(id: "e1", language: "en"))
                let ad = try await ads.format(.pause)
                let call = Task { @MainActor in try await ad.load() }
                let renderer = try #require(await yield { factory.made.count == 1 } ? factory.made.first : nil)
                try await renderer.started.value()
                ads.destroy()
                await #expect(throws: VideoAdError.destroyed) { try await call.value }
                (releasedAds, releasedAd) = (ads, ad)
            }
            factory.made.removeAll()
            #expect(await yield { releasedAd == nil && releasedAds == nil }, "nothing keeps the ad or its VideoAds")
        }
    }

    @Test func destroyingTheVideoAdsWhileTheWorkRunsThrowsDestroyed() async throws {
        try await withLoadingAd { _, ads, _, call, renderer in
            try await renderer.started.value()
            ads.destroy()
            await #expect(throws: VideoAdError.destroyed) { try await call.value }
            renderer.gate.finish(.success(()))
            for _ in 0..<1_000 { await Task.yield() }
            #expect(renderer.handedOver.isEmpty)
        }
    }
}

/// Which creatives get a reader of the consent storage for their VAST macros.
@Suite("The creative's macros")
@MainActor
struct CreativeMacrosTests {
    final class ContextFactory: CreativeRendererFactory {
        var contexts: [CreativeContext] = []
        func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
            contexts.append(context)
            return HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: true)
        }
    }

    @Test func onlyAVASTCreativeGetsAMacroReaderAnImageOrAPageNone() async throws {
        try await KontextVideoHarness.run { harness in
            let factory = ContextFactory()
            KontextVideo.shared.beginSession { $0.rendererFactory = factory }
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            for format in [AdFormat.pause, .overlay, .linear] {
                let ad = try await ads.format(format)
                try await ad.load()
                try ad.reject()
            }
            #expect(factory.contexts.map { $0.lazyMacroContext != nil } == [false, false, true])
            ads.destroy()
        }
    }
}
