import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

@Suite("VideoAd")
@MainActor
struct VideoAdTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// An ad of `format`, loaded, with a recording delegate. The `VideoAds` comes back too: the
    /// test must keep it, since releasing it destroys the ad.
    private func loadedAd(_ format: AdFormat) async throws -> (VideoAds, VideoAd, RecordingDelegate) {
        let ads = VideoAds(content: content)
        let ad = try await ads.format(format)
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        try await ad.load()
        return (ads, ad, delegate)
    }

    @Test func pauseAdLoadsShowsAndDismissesSynchronously() async throws {
        try await KontextVideoHarness.run { harness in
            #expect(await harness.initialize() == .enabled)
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.pause)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            #expect(ad.duration == nil)
            #expect(!ad.isLoaded && !ad.isReady)
            try await ad.load()
            #expect(ad.isLoaded && ad.isReady)
            let view = HeadlessView()
            try ad.show(in: view)
            #expect(ad.wasShown && !ad.isReady)
            #expect(view.adFrame != nil)
            #expect(delegate.callbacks == [.impression(adId: ad.id)])
            try ad.dismiss()
            #expect(delegate.callbacks == [.impression(adId: ad.id), .end(adId: ad.id, reason: .dismissed, isCompleted: false)])
            #expect(ad.hasEnded)
            #expect(view.adFrame == nil)
            try ad.dismiss()
            #expect(delegate.callbacks.count == 2)
            await harness.flushEvents()
            let events = try await harness.server!.waitForEvents(count: 2)
            #expect(events.map(\.type).sorted() == ["ended", "impression"])
        }
    }

    /// Hears every event of the SDK's stream, for tests that wait for one.
    private final class HeardEvents: KontextVideoEventMonitor, @unchecked Sendable {
        private let lock = NSLock()
        private var heard: [KontextVideoEvent] = []
        var events: [KontextVideoEvent] { lock.withLock { heard } }
        func record(_ event: KontextVideoEvent) { lock.withLock { heard.append(event) } }
    }

    /// Starts `format(.pause)` on `ads`, cancels it once its request is held at `gate`, checks that
    /// it threw `CancellationError`, then lets the held answer go with nobody waiting for it.
    private func cancelFormat(of ads: VideoAds, whileHeldBy gate: ResponseGate) async throws {
        let call = Task { @MainActor in try await ads.format(.pause) }
        try await gate.waitUntilHeld()
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        gate.release()
    }

    @Test func destroyedJustAfterFormatLeftTheMainActorItThrowsDestroyedAndNoAdArrives() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let heard = HeardEvents()
            KontextVideo.shared.events.add(heard)
            let ads = VideoAds(content: content)
            // The call prepares its request on the main actor, then starts it from off it: destroy()
            // may come before or after that start, and either way the call throws `destroyed`.
            let call = Task { @MainActor in try await ads.format(.pause) }
            await Task.yield()
            ads.destroy()
            await #expect(throws: VideoAdError.destroyed) { try await call.value }
            for _ in 0..<2_000 { await Task.yield() }
            #expect(!heard.events.contains { $0.name == "ad received" }, "no ad of a destroyed VideoAds arrived")
            #expect(ads.isDestroyed)
        }
    }

    @Test func aVideoAdsReleasedWithItsRequestUnderWayLeavesNothingAliveOnceTheAnswerCame() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let server = try #require(harness.server)
            // The request's task holds the book strongly until the request ends; then the released
            // object's destroy() lets go of it and of the ad the unheard answer became.
            weak var book: AdRequestBook?
            do {
                let ads = VideoAds(content: content)
                book = ads.core
                try await cancelFormat(of: ads, whileHeldBy: server.hold(for: .pause))
            }
            for _ in 0..<20_000 where book != nil { await Task.yield() }
            #expect(book == nil, "the book, and with it the ad, was freed")
        }
    }

    @Test func aFailedRequestNobodyWaitedForIsSettledThenAndTheNextFormatAsksAgain() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let server = try #require(harness.server)
            let heard = HeardEvents()
            KontextVideo.shared.events.add(heard)
            let ads = VideoAds(content: content)
            try await cancelFormat(of: ads, whileHeldBy: server.hold(.error(code: "bad_request", permanent: true), for: .pause))
            // With nobody waiting, the request's end is reported when its answer comes, not at the next call.
            var reported = false
            for _ in 0..<20_000 where !reported {
                await Task.yield()
                reported = heard.events.contains { $0.name == "error thrown" && $0.attributes["error"]?.contains("bad_request") == true }
            }
            #expect(reported, "the failed request was reported once its answer came")
            // The failure is not handed to the next caller: it asks the server again, and gets an ad.
            let next = try await ads.format(.pause)
            #expect(next.format == .pause)
            #expect(server.requests(path: "/video/preload").count == 2)
        }
    }

    @Test func aFailedInitRetryNobodyWaitedForIsSettledThenAndTheNextFormatRetriesAgain() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let heard = HeardEvents()
            KontextVideo.shared.events.add(heard)
            func initializations() -> Int { heard.events.filter { $0.name == "initialized" && $0.kind == .state }.count }
            server.enqueueInit(.malformedJSON)
            #expect(await harness.initialize() == .failed)
            let before = initializations()
            // The first format() retries /init; that retry is held, then fails, after its only caller was cancelled.
            let ads = VideoAds(content: content)
            try await cancelFormat(of: ads, whileHeldBy: server.holdInit(.malformedJSON))
            for _ in 0..<20_000 where initializations() == before { await Task.yield() }
            for _ in 0..<100 { await Task.yield() }
            // The failure is not handed to the next caller: it retries /init once more (answered), then gets the ad.
            let next = try await ads.format(.pause)
            #expect(next.format == .pause)
            #expect(server.requests(path: "/init").count == 3)
        }
    }

    @Test func formatReturnsTheSameAdWhileUnshownAndValid() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let first = try await ads.format(.overlay)
            let second = try await ads.format(.overlay)
            #expect(first === second)
            #expect(harness.server!.requests(path: "/video/preload").count == 1)
            try first.reject()
            let third = try await ads.format(.overlay)
            #expect(third !== first)
        }
    }

    @Test func linearAdPlaysThroughToCompleteAndEndsAfterTheDismissal() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ads, ad, delegate) = try await loadedAd(.linear)
            #expect(ad.duration == 15)
            harness.presenter.holdsDismissals = true
            try ad.show()
            #expect(delegate.callbacks.isEmpty)
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.renderFirstFrame()
            #expect(delegate.callbacks == [.impression(adId: ad.id)])
            creative.play(to: 15)
            creative.complete()
            #expect(ad.hasEnded && ad.isCompleted)
            #expect(delegate.callbacks.count == 1)
            harness.presenter.finishDismissal()
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .completed, isCompleted: true))
            await harness.flushEvents()
            let hits = try await harness.server!.waitForPixelHits(count: 6, adId: ad.id)
            #expect(Set(hits.map(\.name)).isSuperset(of: ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]))
            withExtendedLifetime(ads) {}  // releasing the VideoAds would destroy the ad
        }
    }

    @Test func aPresenterThatNeverAnswersFailsTheAdAfterTheTimeOut() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ads, ad, delegate) = try await loadedAd(.linear)
            harness.presenter.answersPresentations = false
            try ad.show()
            await harness.advance(by: .milliseconds(2_900))
            #expect(delegate.callbacks.isEmpty)
            await harness.advance(by: .milliseconds(100))
            #expect(delegate.callbacks == [.fail(adId: ad.id, error: .presenterUnavailable), .end(adId: ad.id, reason: .failed, isCompleted: false)])
            // The slot is free again: another linear ad can show.
            let next = try await ads.format(.linear)
            try await next.load()
            harness.presenter.answersPresentations = true
            try next.show()
            #expect(next.wasShown)
        }
    }

    @Test func anAdEndedWhilePresentingIsTakenDownOnceTheSurfaceIsUp() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ads, ad, delegate) = try await loadedAd(.linear)
            harness.presenter.answersPresentations = false
            try ad.show()
            ads.destroy()
            #expect(ad.hasEnded)
            #expect(delegate.callbacks.isEmpty, "didEnd waits until the surface that was coming up is gone")
            await harness.advance(by: .seconds(3))
            #expect(delegate.callbacks == [.end(adId: ad.id, reason: .destroyed, isCompleted: false)])
            #expect(harness.presenter.dismissCount == 0, "a surface that never came up needs no dismissal")
        }
    }

    @Test func aLoadedCreativeThatFailsBeforeShowInvalidatesTheAd() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.pause)
            try await ad.load()
            harness.creatives.creative(for: ad)?.fail(code: 405)
            #expect(ad.invalidationReason == .creativeFailed(code: 405))
            #expect(!ad.isReady)
            #expect(throws: VideoAdError.invalidated(.creativeFailed(code: 405))) { try ad.show(in: HeadlessView()) }
        }
    }

    @Test func vastPixelsCarryConsentAppAndPlayheadMacros() async throws {
        try await KontextVideoHarness.run { harness in
            harness.defaults.set("CP-tc-string", forKey: "IABTCF_TCString")
            harness.defaults.set(1, forKey: "IABTCF_gdprApplies")
            await harness.initialize()
            KontextVideo.shared.regulatory = .init(usPrivacy: "1YNN")
            let ads = VideoAds(content: content)
            let player = harness.makePlayer()
            ads.track(player)
            await harness.advance(by: .seconds(42))
            let ad = try await ads.format(.linear)
            try await ad.load()
            try ad.show()
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.renderFirstFrame()
            await harness.flushEvents()
            let impression = try #require(try await harness.server!.waitForPixelHits(count: 1, adId: ad.id, name: "impression").first)
            #expect(impression.query["gdpr"] == "CP-tc-string")
            #expect(impression.query["usp"] == "1YNN")
            #expect(impression.query["reg"] == "gdpr")
            #expect(impression.query["bundle"] == "so.kontext.harness")
            #expect(impression.query["cp"] == "00:00:42.000")
            #expect(impression.query["asset"]?.hasSuffix("/media/\(ad.id).mp4") == true)
            #expect(impression.query["cb"].map { !$0.isEmpty && !$0.contains("[") } == true)
            let start = try #require(try await harness.server!.waitForPixelHits(count: 1, adId: ad.id, name: "start").first)
            #expect(start.query["ap"] == "00:00:00.000")
        }
    }

    @Test func quartilesFollowTheMediasOwnLengthOverTheDeclaredDuration() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.linear)
            try await ad.load()
            #expect(ad.duration == 15, "the VAST <Duration>")
            try ad.show()
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.reportMediaLength(8)
            creative.renderFirstFrame()
            creative.play(to: 2)
            creative.play(to: 4)
            await harness.flushEvents()
            let hits = try await harness.server!.waitForPixelHits(count: 4, adId: ad.id)
            #expect(hits.map(\.name) == ["impression", "start", "firstQuartile", "midpoint"],
                    "2 s and 4 s are a quarter and a half of the 8 s the player reported")
        }
    }

    @Test func aSurfaceThatComesUpAfterTheWatchdogGaveUpIsTakenDownAgain() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let (ads, ad, delegate) = try await loadedAd(.linear)
            harness.presenter.holdsPresentations = true
            try ad.show()
            await harness.advance(by: .seconds(3))
            #expect(delegate.endReasons == [.failed])
            harness.presenter.finishPresentation()
            #expect(harness.presenter.current == nil, "the late surface went away at once")
            #expect(harness.presenter.dismissCount == 1)
            #expect(delegate.callbacks.count == 2, "no further callback")
            withExtendedLifetime(ads) {}  // releasing the VideoAds would destroy the ad
        }
    }
}

@Suite("VideoAd with hostile numbers")
@MainActor
struct HostileNumbersTests {
    /// `"duration": 1e10` passed the decoder and killed the process on `show()`, on both the
    /// player path and the own-time path.
    @Test(arguments: [false, true])
    func anOverlayWithAnAbsurdDurationShowsAndEnds(withPlayer: Bool) async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: 1e10)), for: .overlay)
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let player = harness.makePlayer()
            if withPlayer { ads.track(player) }
            let ad = try await ads.format(.overlay)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try await ad.load()
            let view = HeadlessView()
            try ad.show(in: view)
            #expect(ad.duration == 86_400)
            await harness.advance(by: .seconds(60))
            #expect(delegate.endReasons.isEmpty, "a day-long overlay is still on screen after a minute")
            try ad.dismiss()
            #expect(delegate.endReasons == [.dismissed])
            withExtendedLifetime(view) {}
        }
    }
}
