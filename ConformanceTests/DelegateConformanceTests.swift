import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// What the delegate, end-reason and lifecycle conformance suites share: an ad asked for, loaded
/// and shown through the public API, and what the sandbox received for it.
@MainActor
enum AdMomentKit {
    /// The episode every ad is for.
    static let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// The `VideoAds` this kit created and the views it showed ads in, kept alive for the rest of
    /// the process: a test that ignores them must not have its ads destroyed by their release
    /// (`LIFE-008`), nor its shown ads interrupted because their view went away.
    private static var keptAlive: [AnyObject] = []

    /// The sandbox's name of a format.
    static func sandboxFormat(_ format: AdFormat) -> SandboxFormat {
        switch format {
        case .overlay: .overlay
        case .pause: .pause
        case .linear: .linear
        }
    }

    /// Asks `ads` (a new `VideoAds` by default) for `format`, the sandbox answering with `answer`
    /// when given; sets a `RecordingDelegate` and loads the ad unless `load` is false.
    /// The SDK must be initialized already.
    static func ad(
        _ harness: KontextVideoHarness,
        _ format: AdFormat,
        answer: SandboxAd? = nil,
        in ads: VideoAds? = nil,
        load: Bool = true
    ) async throws -> (ads: VideoAds, ad: VideoAd, delegate: RecordingDelegate) {
        let ads = ads ?? {
            let created = VideoAds(content: content)
            keptAlive.append(created)
            return created
        }()
        if let answer, let server = harness.server {
            server.enqueue(.ad(answer), for: sandboxFormat(format))
        }
        let ad = try await ads.format(format)
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        if load { try await ad.load() }
        return (ads, ad, delegate)
    }

    /// Shows `ad` the way its format is shown: full screen for a linear ad, inside `view` otherwise.
    /// Without a view, a fresh 390×844 one that stays alive.
    static func show(_ ad: VideoAd, in view: HeadlessView? = nil) throws {
        if ad.format == .linear {
            try ad.show()
        } else if let view {
            try ad.show(in: view)
        } else {
            let view = HeadlessView()
            keptAlive.append(view)
            try ad.show(in: view)
        }
    }

    /// Delivers the queued events, then returns those the sandbox received (of `type`, for `adId`).
    static func events(_ harness: KontextVideoHarness, type: String? = nil, adId: String? = nil) async -> [RecordedEvent] {
        await harness.flushEvents()
        return (harness.server?.uniqueEvents ?? []).filter {
            (type == nil || $0.type == type) && (adId == nil || $0.adId == adId)
        }
    }

    /// Requests other than event deliveries and tracking pixels: ad requests and creative fetches.
    static func fetches(_ harness: KontextVideoHarness) -> [RecordedRequest] {
        (harness.server?.requests ?? []).filter { $0.path != "/video/events" && !$0.path.hasPrefix("/pixel/") }
    }

    /// Lets main-actor work queued by the SDK run (e.g. a `deinit`'s best-effort clean-up).
    static func settle(until condition: @MainActor () -> Bool = { false }) async {
        for _ in 0..<200 where !condition() {
            await Task.yield()
        }
    }

    /// A linear ad whose VAST has a VAST 4.1 end card companion (served by the sandbox).
    static func endCardAd(server: SandboxAdServer, id: String) -> SandboxAd {
        SandboxAd(id: id, creative: .vast(.inlineWithEndCard))
    }
}

/// A delegate that notes, for each callback, the ad it concerned and whether it ran on the main thread.
@MainActor
private final class NotingDelegate: VideoAdDelegate {
    struct Note {
        let ad: VideoAd
        let name: String
        let onMainActor: Bool
    }

    /// Marks the main queue, which the main actor's executor runs on.
    nonisolated static let mainQueueKey = DispatchSpecificKey<Bool>()

    private(set) var notes: [Note] = []

    func videoAdDidRecordImpression(_ ad: VideoAd) { note(ad, "impression") }
    func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) { note(ad, "click") }
    func videoAd(_ ad: VideoAd, didFail error: VideoAdError) { note(ad, "fail") }
    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) { note(ad, "end") }

    private func note(_ ad: VideoAd, _ name: String) {
        // The method is main-actor isolated by the protocol; check at run time that the caller
        // really was on the main actor's queue.
        notes.append(Note(ad: ad, name: name, onMainActor: DispatchQueue.getSpecific(key: Self.mainQueueKey) == true))
    }
}

/// One way an ad breaks after a successful `show()`.
struct FailureRow: Sendable, CustomTestStringConvertible {
    enum Breakage: Sendable {
        case creativeFails(code: Int)
        case presentationNeverCompletes
        case appDismissesInsideDidFail
    }

    let label: String
    let format: AdFormat
    let breakage: Breakage
    let expectedError: VideoAdError

    var testDescription: String { "[DEL-021] \(label)" }

    static let all: [FailureRow] = [
        FailureRow(label: "overlay creative fails", format: .overlay, breakage: .creativeFails(code: 405), expectedError: .creativeFailed(code: 405)),
        FailureRow(label: "pause creative fails with its own code", format: .pause, breakage: .creativeFails(code: 403), expectedError: .creativeFailed(code: 403)),
        FailureRow(label: "linear creative fails", format: .linear, breakage: .creativeFails(code: 400), expectedError: .creativeFailed(code: 400)),
        FailureRow(label: "linear presentation never completes", format: .linear, breakage: .presentationNeverCompletes, expectedError: .presenterUnavailable),
        FailureRow(label: "app calls dismiss() inside didFail", format: .pause, breakage: .appDismissesInsideDidFail, expectedError: .creativeFailed(code: 405)),
    ]
}

@Suite("Conformance: VideoAdDelegate")
@MainActor
struct DelegateConformanceTests {
    typealias Kit = AdMomentKit

    @Test("[DEL-001] every delegate method runs on the main actor")
    func callbacksRunOnTheMainActor() async throws {
        try await withInitializedSDK { harness in
            DispatchQueue.main.setSpecific(key: NotingDelegate.mainQueueKey, value: true)
            defer { DispatchQueue.main.setSpecific(key: NotingDelegate.mainQueueKey, value: nil) }
            #expect(DispatchQueue.getSpecific(key: NotingDelegate.mainQueueKey) == true, "the main actor runs on the main queue")
            let delegate = NotingDelegate()
            let pause = try await Kit.ad(harness, .pause)
            pause.ad.delegate = delegate
            try Kit.show(pause.ad)
            let creative = try #require(harness.creatives.creative(for: pause.ad))
            creative.click()
            creative.fail(code: 405)
            let linear = try await Kit.ad(harness, .linear)
            linear.ad.delegate = delegate
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.renderFirstFrame()
            video.click()
            await harness.advance(by: .seconds(1))
            video.skip()
            #expect(delegate.notes.map(\.name) == ["impression", "click", "fail", "end", "impression", "click", "end"])
            #expect(delegate.notes.allSatisfy { $0.onMainActor })
        }
    }

    @Test("[DEL-002] format(), load(), reject() and a show that throws deliver nothing")
    func nothingBeforeShow() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            let unloaded = try await Kit.ad(harness, .pause, in: ads, load: false)
            #expect(throws: VideoAdError.notLoaded) { try unloaded.ad.show(in: HeadlessView()) }
            try await unloaded.ad.load()
            harness.creatives.creative(for: unloaded.ad)?.click()
            harness.creatives.creative(for: unloaded.ad)?.renderFirstFrame()
            #expect(throws: VideoAdError.self) { try unloaded.ad.show(in: HeadlessView(size: CGSize(width: 100, height: 100))) }
            #expect(throws: VideoAdError.presenterUnavailable) { try unloaded.ad.show(in: HeadlessView(isInWindow: false)) }
            #expect(!unloaded.ad.wasShown)
            try unloaded.ad.reject()
            let overlay = try await Kit.ad(harness, .overlay, in: ads)
            try overlay.ad.reject(.outbid(winningPrice: 3, winner: "Other network"))
            await harness.advance(by: .seconds(5))
            #expect(unloaded.delegate.callbacks.isEmpty)
            #expect(overlay.delegate.callbacks.isEmpty)
        }
    }

    @Test("[DEL-003] after show: impression and clicks, then exactly one didEnd, and nothing after it")
    func orderAfterShow() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            try Kit.show(ad)
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.click()
            creative.click(.other("cta"))
            try ad.dismiss()
            creative.click()
            creative.close()
            creative.fail(code: 405)
            try ad.dismiss()
            await harness.advance(by: .seconds(2))
            #expect(delegate.callbacks == [
                .impression(adId: ad.id),
                .click(adId: ad.id, area: .creative),
                .click(adId: ad.id, area: .other("cta")),
                .end(adId: ad.id, reason: .dismissed, isCompleted: false),
            ])

            // A video: clicks before its impression are fine ("no fixed order"); didEnd is still last.
            let linear = try await Kit.ad(harness, .linear)
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.click()
            // Back from the click-through: only the ad's own playing time reaches its end.
            harness.clickOpener.viewerReturns()
            video.renderFirstFrame()
            video.play(to: 15)
            video.complete()
            video.click()
            video.skip()
            #expect(linear.delegate.callbacks == [
                .click(adId: linear.ad.id, area: .creative),
                .impression(adId: linear.ad.id),
                .end(adId: linear.ad.id, reason: .completed, isCompleted: true),
            ])
        }
    }

    @Test("[DEL-004] one delegate on two ads receives each callback with the ad it concerns")
    func oneDelegateServesSeveralAds() async throws {
        try await withInitializedSDK { harness in
            let delegate = NotingDelegate()
            let first = try await Kit.ad(harness, .pause)
            let second = try await Kit.ad(harness, .overlay)
            first.ad.delegate = delegate
            second.ad.delegate = delegate
            try Kit.show(first.ad)
            harness.creatives.creative(for: first.ad)?.click()
            try first.ad.dismiss()
            try Kit.show(second.ad)
            harness.creatives.creative(for: second.ad)?.click()
            try second.ad.dismiss()
            #expect(delegate.notes.map(\.name) == ["impression", "click", "end", "impression", "click", "end"])
            #expect(delegate.notes.prefix(3).allSatisfy { $0.ad === first.ad })
            #expect(delegate.notes.suffix(3).allSatisfy { $0.ad === second.ad })
        }
    }

    @Test("[DEL-005] an image or HTML creative records its impression at show(), once at the sandbox")
    func impressionAtShowForImageAndHTML() async throws {
        try await withInitializedSDK { harness in
            for (format, creative) in [(AdFormat.pause, SandboxCreative.image), (.overlay, .html), (.pause, .html), (.overlay, .image)] {
                let (_, ad, delegate) = try await Kit.ad(harness, format, answer: SandboxAd(creative: creative))
                try Kit.show(ad)
                #expect(delegate.callbacks == [.impression(adId: ad.id)], "\(format) \(creative)")
                try ad.dismiss()
                #expect(await Kit.events(harness, type: "impression", adId: ad.id).count == 1, "\(format) \(creative)")
            }
        }
    }

    @Test("[DEL-006] a video records its impression at its first frame, not at show()")
    func impressionAtFirstFrameForVideo() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .linear)
            try Kit.show(ad)
            await harness.advance(by: .seconds(1))
            #expect(delegate.callbacks.isEmpty)
            #expect(await Kit.events(harness, type: "impression", adId: ad.id).isEmpty)
            try #require(harness.creatives.creative(for: ad)).renderFirstFrame()
            #expect(delegate.callbacks == [.impression(adId: ad.id)])
            #expect(await Kit.events(harness, type: "impression", adId: ad.id).count == 1)
        }
    }

    @Test("[DEL-007] the impression comes at most once per ad, and once at the sandbox")
    func impressionAtMostOnce() async throws {
        try await withInitializedSDK { harness in
            let linear = try await Kit.ad(harness, .linear)
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.renderFirstFrame()
            video.play(to: 3)
            video.renderFirstFrame()
            video.renderFirstFrame()
            video.skip()
            #expect(linear.delegate.callbacks.filter { $0 == .impression(adId: linear.ad.id) }.count == 1)
            #expect(await Kit.events(harness, type: "impression", adId: linear.ad.id).count == 1)

            let pause = try await Kit.ad(harness, .pause)
            try Kit.show(pause.ad)
            harness.creatives.creative(for: pause.ad)?.renderFirstFrame()
            try pause.ad.dismiss()
            #expect(pause.delegate.callbacks.filter { $0 == .impression(adId: pause.ad.id) }.count == 1)
            #expect(await Kit.events(harness, type: "impression", adId: pause.ad.id).count == 1)
        }
    }

    @Test("[DEL-008] a video that ends before its first frame delivers didEnd without an impression")
    func noImpressionWhenEndedBeforeFirstFrame() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .linear)
            try Kit.show(ad)
            harness.presenter.dismissFromOutside()
            harness.creatives.creative(for: ad)?.renderFirstFrame()
            #expect(delegate.callbacks == [.end(adId: ad.id, reason: .interrupted, isCompleted: false)])
            #expect(await Kit.events(harness, type: "impression", adId: ad.id).isEmpty)
            #expect(await Kit.events(harness, type: "ended", adId: ad.id).count == 1)
        }
    }

    @Test("[DEL-009] a tap delivers didClick and the sandbox receives a click event with the area")
    func tapDeliversClickAndEvent() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .overlay)
            try Kit.show(ad)
            try #require(harness.creatives.creative(for: ad)).click(.creative)
            #expect(delegate.callbacks.last == .click(adId: ad.id, area: .creative))
            let clicks = await Kit.events(harness, type: "click", adId: ad.id)
            #expect(clicks.count == 1)
            #expect(clicks.first?.data["area"]?.stringValue == "creative")
            #expect(clicks.first?.format == "overlay")
        }
    }

    @Test("[DEL-010] a tap opens the creative's click URL")
    func tapOpensClickURL() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            try Kit.show(ad)
            harness.creatives.creative(for: ad)?.click()
            #expect(delegate.callbacks.last == .click(adId: ad.id, area: .creative))
            let landing = harness.serverURL.appendingPathComponent("landing").appendingPathComponent(ad.id)
            #expect(harness.clickOpener.openedURLs == [landing])
            #expect(harness.clickOpener.productSheets.isEmpty)
        }
    }

    @Test("[DEL-011] when the click URL cannot open, the fallback URL opens")
    func tapOpensFallbackURL() async throws {
        try await withInitializedSDK { harness in
            // A web page no app handles here (an `unopenable:` scheme would never be tried: `AdURLRule`).
            let answer = SandboxAd(clickURL: "{base}/unopenable/{adId}", fallbackURL: "{base}/landing/{adId}")
            let (_, ad, delegate) = try await Kit.ad(harness, .pause, answer: answer)
            let unopenable = harness.serverURL.appendingPathComponent("unopenable").appendingPathComponent(ad.id)
            harness.clickOpener.unopenableURLs = [unopenable]
            try Kit.show(ad)
            harness.creatives.creative(for: ad)?.click()
            #expect(delegate.callbacks.last == .click(adId: ad.id, area: .creative))
            let landing = harness.serverURL.appendingPathComponent("landing").appendingPathComponent(ad.id)
            #expect(harness.clickOpener.attemptedURLs == [unopenable, landing])
            #expect(harness.clickOpener.openedURLs == [landing])
        }
    }

    @Test("[DEL-012] a tap on an app-install ad opens the App Store product sheet in the app")
    func tapOpensProductSheet() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause, answer: SandboxAd(appStoreID: "1234567890"))
            try Kit.show(ad)
            harness.creatives.creative(for: ad)?.click()
            #expect(delegate.callbacks.last == .click(adId: ad.id, area: .creative))
            #expect(harness.clickOpener.productSheets == ["1234567890"])
            #expect(harness.clickOpener.openedURLs.isEmpty)
        }
    }

    @Test("[DEL-013] didClick is the same whether the target, the fallback or nothing can open")
    func didClickIndependentOfOpening() async throws {
        try await withInitializedSDK { harness in
            let answers = [
                SandboxAd(),
                SandboxAd(clickURL: "unopenable://nowhere/{adId}", fallbackURL: "{base}/landing/{adId}"),
                SandboxAd(clickURL: "unopenable://nowhere/{adId}", fallbackURL: "unopenable://either/{adId}"),
                SandboxAd(clickURL: nil),
            ]
            var received: [[RecordingDelegate.Callback]] = []
            for answer in answers {
                let (_, ad, delegate) = try await Kit.ad(harness, .pause, answer: answer)
                try Kit.show(ad)
                harness.creatives.creative(for: ad)?.click()
                try ad.dismiss()
                received.append(delegate.callbacks.map {
                    switch $0 {
                    case .impression: .impression(adId: "ad")
                    case .click(_, let area): .click(adId: "ad", area: area)
                    case .fail(_, let error): .fail(adId: "ad", error: error)
                    case .end(_, let reason, let completed): .end(adId: "ad", reason: reason, isCompleted: completed)
                    }
                })
                #expect(await Kit.events(harness, type: "click", adId: ad.id).count == 1)
            }
            #expect(received.count == answers.count)
            #expect(Set(received.map(\.description)).count == 1)
            #expect(received.first?.contains(.click(adId: "ad", area: .creative)) == true)
        }
    }

    @Test("[DEL-014] two taps deliver two didClick calls and two click events")
    func oncePerTap() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            try Kit.show(ad)
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.click()
            creative.click()
            #expect(delegate.callbacks.filter { $0 == .click(adId: ad.id, area: .creative) }.count == 2)
            #expect(await Kit.events(harness, type: "click", adId: ad.id).count == 2)
        }
    }

    @Test("[DEL-015] click.area is .creative, .endCard or .other(label), sent as creative, end_card or the label")
    func clickAreas() async throws {
        try await withInitializedSDK { harness in
            let pause = try await Kit.ad(harness, .pause)
            try Kit.show(pause.ad)
            let card = try #require(harness.creatives.creative(for: pause.ad))
            card.click(.creative)
            card.click(.other("cta"))
            try pause.ad.dismiss()
            let areas = pause.delegate.callbacks.compactMap { callback -> VideoAd.Click.Area? in
                if case .click(_, let area) = callback { return area }
                return nil
            }
            #expect(areas == [.creative, .other("cta")])
            let pauseAreas = await Kit.events(harness, type: "click", adId: pause.ad.id).compactMap { $0.data["area"]?.stringValue }
            #expect(pauseAreas.sorted() == ["creative", "cta"])

            let server = try #require(harness.server)
            let linear = try await Kit.ad(harness, .linear, answer: Kit.endCardAd(server: server, id: "end-card-ad"))
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.renderFirstFrame()
            video.play(to: 15)
            video.complete()
            video.click(.endCard)
            video.close()
            #expect(linear.delegate.callbacks.contains(.click(adId: linear.ad.id, area: .endCard)))
            let linearAreas = await Kit.events(harness, type: "click", adId: linear.ad.id).compactMap { $0.data["area"]?.stringValue }
            #expect(linearAreas == ["end_card"])
        }
    }

    @Test("[DEL-016] an overlay or pause creative breaking on screen: didFail, then didEnd(.failed) at once")
    func overlayAndPauseFailThenEndAtOnce() async throws {
        try await withInitializedSDK { harness in
            for format in [AdFormat.overlay, .pause] {
                let (_, ad, delegate) = try await Kit.ad(harness, format)
                try Kit.show(ad)
                try #require(harness.creatives.creative(for: ad)).fail(code: 405)
                // Same main-actor turn: both are there as soon as the failure was reported.
                #expect(delegate.callbacks == [
                    .impression(adId: ad.id),
                    .fail(adId: ad.id, error: .creativeFailed(code: 405)),
                    .end(adId: ad.id, reason: .failed, isCompleted: false),
                ], "\(format)")
            }
        }
    }

    @Test("[DEL-017] a linear creative breaking on screen: didFail, then didEnd(.failed) once its dismissal finished")
    func linearFailThenEndAfterDismissal() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .linear)
            harness.presenter.holdsDismissals = true
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            video.fail(code: 400)
            #expect(delegate.callbacks == [.impression(adId: ad.id), .fail(adId: ad.id, error: .creativeFailed(code: 400))])
            #expect(harness.presenter.isDismissing)
            await harness.advance(by: .seconds(1))
            #expect(delegate.callbacks.count == 2)
            harness.presenter.finishDismissal()
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .failed, isCompleted: false))
            #expect(delegate.callbacks.count == 3)
        }
    }

    @Test("[DEL-018] a creative's own VAST error code on screen reaches didFail and the vast_error event")
    func ownErrorCode() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            try Kit.show(ad)
            try #require(harness.creatives.creative(for: ad)).fail(code: 403)
            #expect(delegate.callbacks.contains(.fail(adId: ad.id, error: .creativeFailed(code: 403))))
            let errors = await Kit.events(harness, type: "vast_error", adId: ad.id)
            #expect(errors.count == 1)
            #expect(errors.first?.data["code"]?.intValue == 403)
        }
    }

    @Test("[DEL-019] a creative that stalls on screen delivers didFail(.creativeFailed(code: 405))")
    func stallIs405() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .linear)
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            video.fail()  // the kit's stall: the creative reports it stopped playing
            #expect(delegate.callbacks.contains(.fail(adId: ad.id, error: .creativeFailed(code: 405))))
            #expect(delegate.endReasons == [.failed])
            #expect(await Kit.events(harness, type: "vast_error", adId: ad.id).first?.data["code"]?.intValue == 405)
        }
    }

    @Test("[DEL-020] a linear presentation that never completes: didFail(.presenterUnavailable), then didEnd(.failed)")
    func presentationNeverCompletes() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .linear)
            harness.presenter.presentationSucceeds = false
            try Kit.show(ad)
            await harness.advance(by: .seconds(1))
            #expect(delegate.callbacks == [
                .fail(adId: ad.id, error: .presenterUnavailable),
                .end(adId: ad.id, reason: .failed, isCompleted: false),
            ])
            #expect(ad.wasShown && ad.hasEnded)
        }
    }

    @Test("[DEL-021] didFail carries only creativeFailed or presenterUnavailable and is followed by didEnd(.failed)", arguments: FailureRow.all)
    func didFailThenDidEndFailed(row: FailureRow) async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, row.format)
            switch row.breakage {
            case .creativeFails(let code):
                try Kit.show(ad)
                harness.creatives.creative(for: ad)?.renderFirstFrame()
                harness.creatives.creative(for: ad)?.fail(code: code)
            case .presentationNeverCompletes:
                harness.presenter.presentationSucceeds = false
                try Kit.show(ad)
            case .appDismissesInsideDidFail:
                delegate.onCallback = { callback in
                    if case .fail = callback { try? ad.dismiss() }
                }
                try Kit.show(ad)
                harness.creatives.creative(for: ad)?.fail(code: 405)
            }
            await harness.advance(by: .seconds(1))
            let fails = delegate.callbacks.compactMap { if case .fail(_, let error) = $0 { error } else { nil } }
            #expect(fails == [row.expectedError])
            let failIndex = try #require(delegate.callbacks.firstIndex { if case .fail = $0 { true } else { false } })
            #expect(delegate.callbacks.suffix(from: failIndex + 1).elementsEqual([.end(adId: ad.id, reason: .failed, isCompleted: false)]))
        }
    }

    @Test("[DEL-022] every successful show leads to exactly one didEnd, whatever ends the ad")
    func exactlyOneDidEnd() async throws {
        try await withInitializedSDK { harness in
            // dismiss() and destroy() from inside didEnd of a destroy().
            let first = try await Kit.ad(harness, .pause)
            first.delegate.onCallback = { callback in
                guard case .end = callback else { return }
                try? first.ad.dismiss()
                first.ads.destroy()
                harness.creatives.creative(for: first.ad)?.close()
            }
            try Kit.show(first.ad)
            first.ads.destroy()
            try first.ad.dismiss()
            #expect(first.delegate.endReasons == [.destroyed])

            // The viewer's ✕, the app's dismiss(), a failure and the view leaving the window, together.
            let view = HeadlessView()
            let second = try await Kit.ad(harness, .overlay)
            try Kit.show(second.ad, in: view)
            let creative = try #require(harness.creatives.creative(for: second.ad))
            second.delegate.onCallback = { callback in
                if case .end = callback { try? second.ad.dismiss() }
            }
            creative.close()
            try second.ad.dismiss()
            creative.fail(code: 405)
            view.isInWindow = false
            second.ads.destroy()
            await harness.advance(by: .seconds(2))
            #expect(second.delegate.endReasons == [.closed])

            // A linear ad skipped, then destroyed and dismissed from outside while its dismissal runs.
            harness.presenter.holdsDismissals = true
            let third = try await Kit.ad(harness, .linear)
            try Kit.show(third.ad)
            let video = try #require(harness.creatives.creative(for: third.ad))
            video.renderFirstFrame()
            video.skip()
            third.ads.destroy()
            harness.presenter.dismissFromOutside()
            video.fail(code: 405)
            harness.presenter.finishDismissal()
            await harness.advance(by: .seconds(1))
            #expect(third.delegate.endReasons == [.skipped])
            #expect(await Kit.events(harness, type: "ended").count == 3)
        }
    }

    @Test("[DEL-023] a linear ad's didEnd comes after its controller was dismissed: presenting from didEnd succeeds")
    func linearDidEndAfterDismissal() async throws {
        try await withInitializedSDK { harness in
            let (ads, ad, delegate) = try await Kit.ad(harness, .linear)
            harness.presenter.holdsDismissals = true
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            let next = try await Kit.ad(harness, .linear, in: ads)
            #expect(next.ad !== ad)
            var presenterFreeAtDidEnd = false
            var nextShowError: (any Error)?
            delegate.onCallback = { callback in
                guard case .end = callback else { return }
                presenterFreeAtDidEnd = harness.presenter.current == nil && harness.presenter.canPresentVideoAd
                do { try next.ad.show() } catch { nextShowError = error }
            }
            video.skip()
            #expect(delegate.endReasons.isEmpty)
            #expect(harness.presenter.isDismissing)
            harness.presenter.finishDismissal()
            #expect(delegate.endReasons == [.skipped])
            #expect(presenterFreeAtDidEnd)
            #expect(nextShowError == nil)
            #expect(next.ad.wasShown)
            #expect(harness.presenter.presentCount == 2)
        }
    }
}
