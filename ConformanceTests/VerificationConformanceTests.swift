import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// One way a shown ad ends, from the end-reason table, as the measurement session sees it.
struct VerificationEndRow: Sendable, CustomTestStringConvertible {
    let end: EndReasonRow
    var testDescription: String { end.label }

    static let all = EndReasonRow.all.map(VerificationEndRow.init)
}

/// What a provider hears, and which `verificationNotExecuted` pixels the sandbox receives, for
/// every format and every way an ad ends (`open-measurement.md`).
@Suite("Conformance: verification (Open Measurement)")
@MainActor
struct VerificationConformanceTests {
    typealias Kit = AdMomentKit
    typealias Event = VideoAdVerificationEvent

    /// The sandbox's linear ad (skippable at 5 s, 15 s long), before any content played.
    static let linearProperties = Event.MediaProperties(isSkippable: true, skipOffset: 5, isAutoplay: true, position: .preroll)
    static let linearOpening: [Event] = [.sessionStart, .loaded(linearProperties), .impression, .start(duration: 15, volume: 1),
                                         .playerStateChange(.fullscreen)]

    /// A linear ad whose tag is a wrapper: verifications in the in-line ad's `<AdVerifications>`,
    /// in its VAST 2/3 extension, and in the wrapper.
    static let verifiedLinear: SandboxAd = {
        var ad = SandboxAd(creative: .vast(.wrapper(hops: 1)))
        ad.verifications = [
            SandboxVerification(vendor: "inline.example-omid", placement: .inline, parameters: "p=inline"),
            SandboxVerification(vendor: "extension.example-omid", placement: .inlineExtension, parameters: nil),
            SandboxVerification(vendor: "wrapper.example-omid", placement: .wrapper, parameters: "p=wrapper"),
        ]
        return ad
    }()

    /// A linear ad on screen (the sandbox's `answer`, or its default), its first frame rendered,
    /// with `measurement` (when given) as the verification provider.
    static func linearPlaying(
        _ harness: KontextVideoHarness, answer: SandboxAd? = nil, measurement: RecordingVerificationProvider? = nil
    ) async throws -> (ads: VideoAds, ad: VideoAd, delegate: RecordingDelegate, video: ScriptedCreative) {
        KontextVideo.shared.verificationProvider = measurement
        let (ads, ad, delegate) = try await Kit.ad(harness, .linear, answer: answer)
        try Kit.show(ad)
        let video = try #require(harness.creatives.creative(for: ad))
        video.renderFirstFrame()
        return (ads, ad, delegate, video)
    }

    /// The `verificationNotExecuted` hits the sandbox received for `adId`, once every queued pixel went out.
    static func notExecutedHits(_ harness: KontextVideoHarness, adId: String) async -> [[String: String]] {
        await harness.flushEvents()
        return (harness.server?.pixelHits ?? []).filter { $0.name == "verificationNotExecuted" && $0.adId == adId }.map(\.query)
    }

    @Test("[VER-001][VER-002][VER-003][VER-004][VER-005][VER-011] every format, every way an ad ends: the session keeps the rules",
          arguments: VerificationEndRow.all)
    func everyEnd(_ row: VerificationEndRow) async throws {
        let end = row.end
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            KontextVideo.shared.verificationProvider = measurement
            let (stage, _) = try await end.stage(in: harness)
            let ad = stage.ad
            try await end.act(stage)
            if harness.presenter.isDismissing { harness.presenter.finishDismissal() }
            #expect(ad.hasEnded)

            let events = measurement.events(for: ad.id)
            #expect(measurement.ruleViolations(for: ad.id).isEmpty, "\(measurement.ruleViolations(for: ad.id)) in \(events)")
            guard end.presentationSucceeds else {
                #expect(events.isEmpty, "a linear ad that never came on screen has no session")
                return
            }
            // VER-001: one session, started first and finished last.
            #expect(events.first == .sessionStart)
            #expect(events.last == .sessionFinish)
            #expect(events.filter { $0 == .sessionStart }.count == 1 && events.filter { $0 == .sessionFinish }.count == 1)
            // VER-002: one impression, after loaded.
            #expect(events.filter { $0 == .impression }.count == 1)
            if end.format == .linear {
                // VER-004, VER-003: the start right after the impression; the quartiles in order.
                #expect(Array(events.prefix(5)) == Self.linearOpening)
                let quartiles = events.filter { [.firstQuartile, .midpoint, .thirdQuartile].contains($0) }
                #expect(quartiles == Array([Event.firstQuartile, .midpoint, .thirdQuartile].prefix(quartiles.count)))
                // VER-011: how the media ended.
                let last = events[events.count - 2]
                switch end.reason {
                case .completed, .closed: #expect(last == .complete)
                case .failed: #expect(last == .error(.media, message: "The creative failed with VAST error 400."))
                default: #expect(last == .skipped)
                }
            } else {
                // VER-005: the display events only.
                let expected: [Event] = end.reason == .failed
                    ? [.sessionStart, .loaded(nil), .impression, .error(.generic, message: "The creative failed with VAST error \(end.label.contains("stalls") ? 405 : 403)."), .sessionFinish]
                    : [.sessionStart, .loaded(nil), .impression, .sessionFinish]
                #expect(events == expected)
            }
        }
    }

    @Test("[VER-001][VER-002][VER-003][VER-004] a linear ad played to its end: the exact sequence")
    func linearPlayedToItsEnd() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            let (_, ad, _, video) = try await Self.linearPlaying(harness, measurement: measurement)
            video.renderFirstFrame()
            for second in stride(from: 1.0, through: 15, by: 1) { video.play(to: second) }
            video.complete()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish])
        }
    }

    @Test("[VER-003][VER-011] a click-through, then Skip: the quartiles reached, the click, skipped, finish")
    func clickThenSkip() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            let (_, ad, _, video) = try await Self.linearPlaying(harness, measurement: measurement)
            video.play(to: 8)
            video.click()
            video.skip()
            video.play(to: 14)
            // The click-through took the viewer to another app: the video paused for it.
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.firstQuartile, .midpoint, .userInteraction(.click), .pause, .skipped, .sessionFinish])
        }
    }

    @Test("[VER-012][VER-001] the app's life and the viewer hold the video still and let it go: pause, then resume, each time")
    func interruptions() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            let (_, ad, _, video) = try await Self.linearPlaying(harness, measurement: measurement)
            video.play(to: 1)
            harness.enterBackground()
            harness.enterForeground()
            harness.beginAudioInterruption()
            harness.endAudioInterruption(shouldResume: true)
            harness.unplugHeadphones()
            video.pressResume()
            video.click()
            harness.clickOpener.viewerReturns()
            video.play(to: 15)
            video.complete()
            let pauses: [Event] = [.pause, .resume, .pause, .resume, .pause, .resume]
            #expect(measurement.events(for: ad.id) == Self.linearOpening + pauses + [.userInteraction(.click), .pause, .resume,
                                                                                       .firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish])
            #expect(measurement.ruleViolations(for: ad.id).isEmpty)
        }
    }

    @Test("[VER-013][VER-003] a video that waits for media and plays on: bufferStart, bufferFinish, once each, between start and the quartiles")
    func buffering() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            let (_, ad, _, video) = try await Self.linearPlaying(harness, measurement: measurement)
            video.play(to: 1)
            video.startBuffering()
            video.startBuffering()
            video.stopBuffering()
            video.stopBuffering()
            for second in stride(from: 2.0, through: 15, by: 1) { video.play(to: second) }
            video.complete()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.bufferStart, .bufferFinish,
                                                                             .firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish])
            #expect(measurement.ruleViolations(for: ad.id).isEmpty)
        }
    }

    @Test("[VER-013] a player still waiting at the first frame: bufferStart right after the opening, nothing before")
    func bufferingBeforeTheFirstFrame() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            KontextVideo.shared.verificationProvider = measurement
            let (_, ad, _) = try await Kit.ad(harness, .linear)
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.startBuffering()
            #expect(measurement.events(for: ad.id) == [.sessionStart, .loaded(Self.linearProperties)], "no media event before the first frame")
            video.renderFirstFrame()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.bufferStart])
            video.stopBuffering()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.bufferStart, .bufferFinish])
        }
    }

    @Test("[VER-013][VER-012][VER-011] waiting for media, then the background, then Skip: each stop finishes the span first")
    func bufferingInterrupted() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            let (_, ad, _, video) = try await Self.linearPlaying(harness, measurement: measurement)
            video.play(to: 1)
            video.startBuffering()
            harness.enterBackground()
            video.startBuffering()   // heard while paused: a paused player waits for nothing
            harness.enterForeground()
            video.startBuffering()
            video.stopBuffering()
            video.play(to: 6)
            video.startBuffering()
            video.pressSkip()
            video.stopBuffering()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.bufferStart, .bufferFinish, .pause, .resume, .bufferStart, .bufferFinish,
                                                                             .firstQuartile, .bufferStart, .bufferFinish, .skipped, .sessionFinish])
            #expect(measurement.ruleViolations(for: ad.id).isEmpty)
        }
    }

    @Test("[VER-001] a provider that destroys the ads from inside an event still hears a whole session, in order")
    func reentrantProvider() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            KontextVideo.shared.verificationProvider = measurement
            let (ads, ad, delegate) = try await Kit.ad(harness, .linear)
            measurement.onEvent = { _, event in if event == .impression { ads.destroy() } }
            try Kit.show(ad)
            try #require(harness.creatives.creative(for: ad)).renderFirstFrame()
            #expect(measurement.events(for: ad.id) == Self.linearOpening + [.skipped, .sessionFinish])
            #expect(delegate.endReasons == [.destroyed])
        }
    }

    @Test("[VER-006] no provider: each verification's verificationNotExecuted, once, [REASON] 2, when the video starts")
    func noProvider() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, _) = try await Kit.ad(harness, .linear, answer: Self.verifiedLinear)
            try Kit.show(ad)
            #expect(await Self.notExecutedHits(harness, adId: ad.id).isEmpty, "nothing before the first frame")
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            #expect(await Self.notExecutedHits(harness, adId: ad.id).count == 3, "all at the first frame")
            video.play(to: 15)
            video.complete()
            let hits = await Self.notExecutedHits(harness, adId: ad.id)
            #expect(hits.map { $0["vendor"] } == ["inline.example-omid", "extension.example-omid", "wrapper.example-omid"])
            #expect(hits.allSatisfy { $0["reason"] == "2" })
        }
    }

    @Test("[VER-007][VER-010] a provider: every verification of the chain, in order; only what it reported is sent, with its reason")
    func providerReports() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider(notExecuted: ["extension.example-omid": .notSupported, "wrapper.example-omid": .rejected])
            KontextVideo.shared.verificationProvider = measurement
            let (_, ad, _) = try await Kit.ad(harness, .linear, answer: Self.verifiedLinear)
            try Kit.show(ad)
            let session = try #require(measurement.session(for: ad.id))
            let base = harness.serverURL.absoluteString
            #expect(session.verifications.map(\.vendor) == ["inline.example-omid", "extension.example-omid", "wrapper.example-omid"])
            #expect(session.verifications.map(\.parameters) == ["p=inline", nil, "p=wrapper"])
            #expect(session.verifications.first?.resources(apiFramework: "omid").map(\.url) == ["\(base)/verification.js?vendor=inline.example-omid"])
            try #require(harness.creatives.creative(for: ad)).renderFirstFrame()
            let hits = await Self.notExecutedHits(harness, adId: ad.id)
            #expect(hits == [["vendor": "extension.example-omid", "reason": "2"], ["vendor": "wrapper.example-omid", "reason": "1"]])
        }
    }

    @Test("[VER-008] a report after the video started is refused and sends nothing")
    func lateReport() async throws {
        try await withInitializedSDK { harness in
            let measurement = RecordingVerificationProvider()
            var lateAnswer: Bool?
            measurement.onEvent = { session, event in
                if event == .firstQuartile, let first = session.verifications.first {
                    lateAnswer = session.reportNotExecuted(first, reason: .loadFailed)
                }
            }
            let (_, ad, _, video) = try await Self.linearPlaying(harness, answer: Self.verifiedLinear, measurement: measurement)
            video.play(to: 5)
            #expect(lateAnswer == false)
            #expect(await Self.notExecutedHits(harness, adId: ad.id).isEmpty)
        }
    }

    @Test("[VER-009] an ad that never played sends no verificationNotExecuted: rejected, or failed before its first frame")
    func neverPlayed() async throws {
        try await withInitializedSDK { harness in
            let rejected = try await Kit.ad(harness, .linear, answer: Self.verifiedLinear)
            try rejected.ad.reject()
            let failed = try await Kit.ad(harness, .linear, answer: Self.verifiedLinear)
            try Kit.show(failed.ad)
            try #require(harness.creatives.creative(for: failed.ad)).fail(code: 402)
            #expect(failed.delegate.endReasons == [.failed])
            #expect(await Self.notExecutedHits(harness, adId: rejected.ad.id).isEmpty)
            #expect(await Self.notExecutedHits(harness, adId: failed.ad.id).isEmpty)
        }
    }
}
