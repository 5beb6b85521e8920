import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// One way an unshown ad ends, and the invalidation reason it must give.
struct InvalidationRow: Sendable, CustomTestStringConvertible {
    enum Cause: Sendable {
        case lifetimePasses
        case reject
        case destroy
        case loadFails(code: Int)
    }

    let label: String
    let cause: Cause
    let reason: VideoAd.InvalidationReason

    var testDescription: String { "[LIFE-015] \(label)" }

    static let all: [InvalidationRow] = [
        InvalidationRow(label: "the answer's lifetime passed → .expired", cause: .lifetimePasses, reason: .expired),
        InvalidationRow(label: "reject() → .rejected", cause: .reject, reason: .rejected),
        InvalidationRow(label: "destroy() → .destroyed", cause: .destroy, reason: .destroyed),
        InvalidationRow(label: "a failed load() → .creativeFailed(code:)", cause: .loadFails(code: 402), reason: .creativeFailed(code: 402)),
    ]
}

@Suite("Conformance: lifecycle of VideoAds and VideoAd")
@MainActor
struct LifecycleConformanceTests {
    typealias Kit = AdMomentKit

    // MARK: VideoAds

    @Test("[LIFE-001] creating a VideoAds sends nothing")
    func creatingSendsNothing() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            await harness.flushEvents()
            let before = server.requests.count
            let ads = VideoAds(content: Kit.content, labels: ["stage": "first_episode"])
            ads.track(harness.makePlayer())
            await harness.advance(by: .seconds(30))
            await harness.flushEvents()
            #expect(server.requests.count == before)
            #expect(server.requests(path: "/video/preload").isEmpty)
            #expect(!ads.isDestroyed)
        }
    }

    @Test("[LIFE-002] two VideoAds alive at once hold their own ads; destroying one leaves the other's valid")
    func severalVideoAdsAlive() async throws {
        try await withInitializedSDK { harness in
            let first = VideoAds(content: KontextVideo.Content(id: "episode-1", language: "en"))
            let second = VideoAds(content: KontextVideo.Content(id: "episode-2", language: "en"))
            let ad1 = try await first.format(.pause)
            let ad2 = try await second.format(.pause)
            #expect(ad1 !== ad2)
            let preloads = try #require(harness.server).requests(path: "/video/preload")
            #expect(preloads.compactMap { $0.json?["content"]?["id"]?.stringValue } == ["episode-1", "episode-2"])
            first.destroy()
            #expect(ad1.invalidationReason == .destroyed)
            #expect(ad2.invalidationReason == nil)
            #expect(try await second.format(.pause) === ad2)
            try await ad2.load()
            #expect(ad2.isReady)
            try ad2.show(in: HeadlessView())
            #expect(ad2.wasShown)
        }
    }

    @Test("[LIFE-002] one ad on screen at a time across every VideoAds")
    func oneAdOnScreenAcrossVideoAds() async throws {
        try await withInitializedSDK { harness in
            let first = try await Kit.ad(harness, .pause)
            let second = try await Kit.ad(harness, .overlay)
            let third = try await Kit.ad(harness, .linear)
            try Kit.show(first.ad)
            #expect(throws: VideoAdError.anotherAdShowing) { try second.ad.show(in: HeadlessView()) }
            #expect(throws: VideoAdError.anotherAdShowing) { try third.ad.show() }
            #expect(second.ad.isReady && third.ad.isReady)
            try first.ad.dismiss()
            try Kit.show(second.ad)
            #expect(second.ad.wasShown)
        }
    }

    @Test("[LIFE-003] format() returns the same VideoAd while it is unshown and valid")
    func sameAdWhileUnshownAndValid() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            let first = try await ads.format(.overlay)
            let second = try await ads.format(.overlay)
            try await first.load()
            let third = try await ads.format(.overlay)
            #expect(first === second && second === third)
            #expect(try #require(harness.server).requests(path: "/video/preload").count == 1)
        }
    }

    @Test("[LIFE-003] concurrent format() calls share one request and get the same VideoAd")
    func concurrentCallsShareOneRequest() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let gate = server.hold(.ad(), for: .pause)
            let ads = VideoAds(content: Kit.content)
            let calls = (0..<3).map { _ in Task { @MainActor in try await ads.format(.pause) } }
            try await gate.waitUntilHeld()
            gate.release()
            var received: [VideoAd] = []
            for call in calls { received.append(try await call.value) }
            #expect(received.allSatisfy { $0 === received[0] })
            #expect(server.requests(path: "/video/preload").count == 1)
        }
    }

    @Test("[LIFE-003] a cancelled format() throws CancellationError; the request goes on and its ad is the next call's")
    func cancelledCallKeepsTheAnswer() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let gate = server.hold(.ad(SandboxAd(id: "kept-ad")), for: .pause)
            let ads = VideoAds(content: Kit.content)
            let call = Task { @MainActor in try await ads.format(.pause) }
            try await gate.waitUntilHeld()
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            gate.release()
            let next = try await ads.format(.pause)
            #expect(next.id == "kept-ad")
            #expect(server.requests(path: "/video/preload").count == 1)
        }
    }

    @Test("[LIFE-004] after the held ad was shown, rejected or expired, format() returns a new VideoAd")
    func newAdAfterShownRejectedOrExpired() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            let shown = try await Kit.ad(harness, .pause, in: ads)
            try Kit.show(shown.ad)
            let afterShow = try await ads.format(.pause)
            #expect(afterShow !== shown.ad)
            try shown.ad.dismiss()

            try afterShow.reject()
            let afterReject = try await ads.format(.pause)
            #expect(afterReject !== afterShow)
            try afterReject.reject()

            let expiring = try await Kit.ad(harness, .pause, answer: SandboxAd(expiresIn: 60), in: ads, load: false)
            await harness.advance(by: .seconds(61))
            let afterExpiry = try await ads.format(.pause)
            #expect(afterExpiry !== expiring.ad)
            #expect(try #require(harness.server).requests(path: "/video/preload").count == 5)
        }
    }

    @Test("[LIFE-005] with a valid held ad, a format() whose request fails returns the held ad")
    func failedRequestReturnsHeldAd() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: Kit.content)
            let held = try await ads.format(.overlay)
            server.enqueue(.drop, .drop, .drop, .drop, for: .overlay)
            #expect(try await ads.format(.overlay) === held)
            server.setDefault(.error(code: "internal", message: "sandbox error", permanent: true), for: .overlay)
            #expect(try await ads.format(.overlay) === held)
            try await held.load()
            #expect(try await ads.format(.overlay) === held)
            #expect(held.isReady)
        }
    }

    @Test("[LIFE-006] destroy() invalidates every held ad with .destroyed and sends one dropped event each")
    func destroyDropsHeldAds() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            let overlay = try await ads.format(.overlay)
            let pause = try await ads.format(.pause)
            let linear = try await ads.format(.linear)
            try await linear.load()
            let other = try await Kit.ad(harness, .pause)
            ads.destroy()
            for ad in [overlay, pause, linear] {
                #expect(ad.invalidationReason == .destroyed, "\(ad.format)")
                #expect(!ad.isReady)
            }
            #expect(other.ad.invalidationReason == nil)
            let dropped = await Kit.events(harness, type: "dropped")
            #expect(dropped.compactMap(\.adId).sorted() == [overlay.id, pause.id, linear.id].sorted())
        }
    }

    @Test("[LIFE-006] destroy() makes a format() and a load() in flight throw destroyed")
    func destroyFailsCallsInFlight() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            harness.creatives.enqueue(.stall, for: .pause)
            let ads = VideoAds(content: Kit.content)
            let pause = try await ads.format(.pause)
            let loading = Task { @MainActor in try await pause.load() }
            let gate = server.hold(.ad(), for: .overlay)
            let requesting = Task { @MainActor in try await ads.format(.overlay) }
            try await gate.waitUntilHeld()
            await harness.advance(by: .seconds(1))
            ads.destroy()
            await #expect(throws: VideoAdError.destroyed) { try await requesting.value }
            await #expect(throws: VideoAdError.destroyed) { try await loading.value }
            gate.release()
            await #expect(throws: VideoAdError.destroyed) { try await ads.format(.overlay) }
        }
    }

    @Test("[LIFE-007] a second destroy() sends nothing and delivers nothing")
    func destroyIsIdempotent() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: Kit.content)
            _ = try await ads.format(.overlay)
            let shown = try await Kit.ad(harness, .pause, in: ads)
            try Kit.show(shown.ad)
            ads.destroy()
            #expect(shown.delegate.endReasons == [.destroyed])
            await harness.flushEvents()
            let requests = server.requests.count
            let events = server.events.count
            ads.destroy()
            ads.destroy()
            await harness.advance(by: .seconds(5))
            await harness.flushEvents()
            #expect(server.requests.count == requests)
            #expect(server.events.count == events)
            #expect(shown.delegate.callbacks.count == 2)
            #expect(ads.isDestroyed)
        }
    }

    @Test("[LIFE-008] releasing a VideoAds drops its held ads and ends its ad on screen with didEnd(.destroyed)")
    func releasingDestroys() async throws {
        try await withInitializedSDK { harness in
            var ads: VideoAds? = VideoAds(content: Kit.content)
            weak let released = ads
            let held = try #require(try await ads?.format(.overlay))
            let shown = try #require(try await ads?.format(.pause))
            let delegate = RecordingDelegate()
            shown.delegate = delegate
            try await shown.load()
            let view = HeadlessView()
            try shown.show(in: view)
            ads = nil
            #expect(released == nil, "nothing else holds the VideoAds")
            await Kit.settle { !delegate.endReasons.isEmpty }
            #expect(delegate.endReasons == [.destroyed])
            #expect(held.invalidationReason == .destroyed)
            #expect(await Kit.events(harness, type: "dropped", adId: held.id).count == 1)
            #expect(await Kit.events(harness, type: "ended", adId: shown.id).first?.data["reason"]?.stringValue == "destroyed")
        }
    }

    @Test("[LIFE-009] isDestroyed is false before destroy() and true after it")
    func isDestroyedFlag() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            #expect(!ads.isDestroyed)
            _ = try await ads.format(.pause)
            #expect(!ads.isDestroyed)
            ads.destroy()
            #expect(ads.isDestroyed)
        }
    }

    // MARK: VideoAd

    @Test("[LIFE-010] an ad is shown at most once")
    func shownAtMostOnce() async throws {
        try await withInitializedSDK { harness in
            let pause = try await Kit.ad(harness, .pause)
            try Kit.show(pause.ad)
            #expect(throws: VideoAdError.alreadyShown) { try pause.ad.show(in: HeadlessView()) }
            try pause.ad.dismiss()
            #expect(throws: VideoAdError.alreadyShown) { try pause.ad.show(in: HeadlessView()) }

            let linear = try await Kit.ad(harness, .linear)
            try Kit.show(linear.ad)
            harness.creatives.creative(for: linear.ad)?.skip()
            #expect(throws: VideoAdError.alreadyShown) { try linear.ad.show() }
            #expect(harness.presenter.presentCount == 1)
            #expect(pause.delegate.endReasons.count == 1 && linear.delegate.endReasons.count == 1)
        }
    }

    @Test("[LIFE-011] isLoaded is false until load() returns and true after it")
    func isLoadedFlag() async throws {
        try await withInitializedSDK { harness in
            harness.creatives.enqueue(.ready(after: .seconds(2)), for: .overlay)
            let (_, ad, _) = try await Kit.ad(harness, .overlay, load: false)
            #expect(!ad.isLoaded)
            let loading = Task { @MainActor in try await ad.load() }
            await harness.advance(by: .seconds(1))
            #expect(!ad.isLoaded)
            await harness.advance(by: .seconds(1))
            try await loading.value
            #expect(ad.isLoaded)
        }
    }

    @Test("[LIFE-012] isReady: false before load, true after, false after show, reject and expiry")
    func isReadyFlag() async throws {
        try await withInitializedSDK { harness in
            let shown = try await Kit.ad(harness, .pause, load: false)
            #expect(!shown.ad.isReady)
            try await shown.ad.load()
            #expect(shown.ad.isReady)
            try Kit.show(shown.ad)
            #expect(!shown.ad.isReady)
            try shown.ad.dismiss()
            #expect(!shown.ad.isReady)

            let rejected = try await Kit.ad(harness, .pause)
            #expect(rejected.ad.isReady)
            try rejected.ad.reject()
            #expect(!rejected.ad.isReady)

            let expiring = try await Kit.ad(harness, .pause, answer: SandboxAd(expiresIn: 60))
            await harness.advance(by: .seconds(59))
            #expect(expiring.ad.isReady)
            await harness.advance(by: .seconds(2))
            #expect(!expiring.ad.isReady)
        }
    }

    @Test("[LIFE-013] a ready ad can still throw containerTooSmall(minimum:) from show(in:)")
    func readyIsAHint() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            #expect(ad.isReady)
            let tiny = HeadlessView(size: CGSize(width: 120, height: 200), safeAreaInsets: VideoAdInsets(top: 0, left: 0, bottom: 0, right: 0))
            #expect {
                try ad.show(in: tiny)
            } throws: { error in
                if case .containerTooSmall? = error as? VideoAdError { true } else { false }
            }
            #expect(ad.isReady && !ad.wasShown)
            #expect(delegate.callbacks.isEmpty)
        }
    }

    @Test("[LIFE-014] invalidationReason is nil while the ad is valid, and stays nil for a shown ad")
    func invalidationReasonNilWhileValid() async throws {
        try await withInitializedSDK { harness in
            let (ads, ad, _) = try await Kit.ad(harness, .pause, answer: SandboxAd(expiresIn: 60), load: false)
            #expect(ad.invalidationReason == nil)
            try await ad.load()
            #expect(ad.invalidationReason == nil)
            try Kit.show(ad)
            #expect(ad.invalidationReason == nil)
            try ad.dismiss()
            #expect(ad.invalidationReason == nil)
            await harness.advance(by: .seconds(120))
            ads.destroy()
            #expect(ad.invalidationReason == nil)
        }
    }

    @Test("[LIFE-015] invalidationReason tells why the ad ended before it was shown", arguments: InvalidationRow.all)
    func invalidationReasons(row: InvalidationRow) async throws {
        try await withInitializedSDK { harness in
            if case .loadFails(let code) = row.cause {
                harness.creatives.enqueue(.fail(code: code, after: .zero), for: .pause)
            }
            let (ads, ad, delegate) = try await Kit.ad(harness, .pause, answer: SandboxAd(expiresIn: 60), load: false)
            switch row.cause {
            case .lifetimePasses:
                await harness.advance(by: .seconds(59))
                #expect(ad.invalidationReason == nil)
                await harness.advance(by: .seconds(2))
            case .reject:
                try ad.reject()
            case .destroy:
                ads.destroy()
            case .loadFails:
                await #expect(throws: VideoAdError.self) { try await ad.load() }
            }
            #expect(ad.invalidationReason == row.reason)
            #expect(!ad.isReady)
            #expect(delegate.callbacks.isEmpty)
        }
    }

    @Test("[LIFE-016] wasShown: false before show and after a show that threw, true after a successful one, and after didEnd")
    func wasShownFlag() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, _) = try await Kit.ad(harness, .pause)
            #expect(!ad.wasShown)
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show(in: HeadlessView(isHidden: true)) }
            #expect(!ad.wasShown)
            try Kit.show(ad)
            #expect(ad.wasShown)
            try ad.dismiss()
            #expect(ad.wasShown)
        }
    }

    @Test("[LIFE-017] hasEnded is false on screen and true from the moment the ad begins to end, inside didEnd")
    func hasEndedFlag() async throws {
        try await withInitializedSDK { harness in
            let pause = try await Kit.ad(harness, .pause)
            var endedInsideDidEnd: Bool?
            pause.delegate.onCallback = { callback in
                if case .end = callback { endedInsideDidEnd = pause.ad.hasEnded }
            }
            #expect(!pause.ad.hasEnded)
            try Kit.show(pause.ad)
            #expect(!pause.ad.hasEnded)
            try pause.ad.dismiss()
            #expect(endedInsideDidEnd == true)
            #expect(pause.ad.hasEnded)

            let linear = try await Kit.ad(harness, .linear)
            harness.presenter.holdsDismissals = true
            try Kit.show(linear.ad)
            #expect(!linear.ad.hasEnded)
            harness.creatives.creative(for: linear.ad)?.skip()
            #expect(linear.ad.hasEnded, "the linear ad began to end: its dismissal runs")
            #expect(linear.delegate.endReasons.isEmpty)
            harness.presenter.finishDismissal()
            #expect(linear.ad.hasEnded && linear.delegate.endReasons == [.skipped])
        }
    }

    @Test("[LIFE-018] isCompleted: true after an overlay's duration and a video's complete; false when taken off before")
    func isCompletedFlag() async throws {
        try await withInitializedSDK { harness in
            let overlay = try await Kit.ad(harness, .overlay)
            try Kit.show(overlay.ad)
            await harness.advance(by: .seconds(10))
            #expect(!overlay.ad.isCompleted)
            await harness.advance(by: .seconds(6))
            #expect(overlay.ad.isCompleted && overlay.delegate.endReasons == [.completed])

            let linear = try await Kit.ad(harness, .linear)
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.renderFirstFrame()
            video.play(to: 15)
            #expect(!linear.ad.isCompleted)
            video.complete()
            #expect(linear.ad.isCompleted)

            let dismissed = try await Kit.ad(harness, .overlay)
            try Kit.show(dismissed.ad)
            await harness.advance(by: .seconds(5))
            try dismissed.ad.dismiss()
            await harness.advance(by: .seconds(20))
            #expect(!dismissed.ad.isCompleted)

            let closed = try await Kit.ad(harness, .pause)
            try Kit.show(closed.ad)
            harness.creatives.creative(for: closed.ad)?.close()
            #expect(!closed.ad.isCompleted)

            let interrupted = try await Kit.ad(harness, .linear)
            try Kit.show(interrupted.ad)
            harness.creatives.creative(for: interrupted.ad)?.play(to: 7)
            harness.presenter.dismissFromOutside()
            harness.creatives.creative(for: interrupted.ad)?.complete()
            #expect(!interrupted.ad.isCompleted && interrupted.delegate.endReasons == [.interrupted])
        }
    }

    @Test("[LIFE-019] a linear ad closed on its end card ends .closed with isCompleted == true")
    func closedEndCardIsCompleted() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let (_, ad, delegate) = try await Kit.ad(harness, .linear, answer: Kit.endCardAd(server: server, id: "end-card-ad"))
            harness.presenter.holdsDismissals = true
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            video.play(to: 15)
            video.complete()
            video.close()
            harness.presenter.finishDismissal()
            #expect(delegate.endReasons == [.closed])
            #expect(ad.isCompleted)
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .closed, isCompleted: true))
        }
    }

    @Test("[LIFE-020] the ad holds its delegate weakly")
    func delegateHeldWeakly() async throws {
        try await withInitializedSDK { harness in
            let ad = try await VideoAds(content: Kit.content).format(.pause)
            var delegate: RecordingDelegate? = RecordingDelegate()
            weak let watched = delegate
            ad.delegate = delegate
            #expect(ad.delegate != nil)
            delegate = nil
            #expect(watched == nil)
            #expect(ad.delegate == nil)
        }
    }

    @Test("[LIFE-021] load() does not return before the creative reports ready")
    func loadWaitsForReady() async throws {
        try await withInitializedSDK { harness in
            harness.creatives.enqueue(.ready(after: .seconds(3)), for: .pause)
            let (_, ad, _) = try await Kit.ad(harness, .pause, load: false)
            var returned = false
            let loading = Task { @MainActor in
                try await ad.load()
                returned = true
            }
            await harness.advance(by: .milliseconds(2900))
            await Kit.settle()
            #expect(!returned)
            #expect(!ad.isLoaded)
            await harness.advance(by: .milliseconds(100))
            try await loading.value
            #expect(returned && ad.isLoaded)
        }
    }

    @Test("[LIFE-022] after load(), show succeeds synchronously with no further network request")
    func showIsInstantAfterLoad() async throws {
        try await withInitializedSDK { harness in
            for format in AdFormat.allCases {
                let (_, ad, delegate) = try await Kit.ad(harness, format)
                let fetchesBefore = Kit.fetches(harness).count
                try Kit.show(ad)
                #expect(ad.wasShown, "\(format)")
                #expect(Kit.fetches(harness).count == fetchesBefore, "\(format)")
                await harness.flushEvents()
                #expect(Kit.fetches(harness).count == fetchesBefore, "\(format)")
                if format == .linear {
                    harness.creatives.creative(for: ad)?.skip()
                } else {
                    try ad.dismiss()
                }
                #expect(delegate.endReasons.count == 1)
            }
        }
    }

    @Test("[LIFE-023] reject() sends exactly one reject event and sets invalidationReason to .rejected")
    func rejectSendsOneEvent() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, _) = try await Kit.ad(harness, .overlay, load: false)
            try ad.reject()
            #expect(ad.invalidationReason == .rejected)
            let rejects = await Kit.events(harness, type: "reject", adId: ad.id)
            #expect(rejects.count == 1)
            #expect(rejects.first?.data["reason"]?.stringValue == "not_used")
            #expect(rejects.first?.format == "overlay")
        }
    }

    @Test("[LIFE-024] reject(.outbid(winningPrice:winner:)) sends the reason, winning price and winner")
    func rejectOutbid() async throws {
        try await withInitializedSDK { harness in
            let (_, ad, _) = try await Kit.ad(harness, .pause)
            try ad.reject(.outbid(winningPrice: 2.4, winner: "Other network"))
            let rejects = await Kit.events(harness, type: "reject", adId: ad.id)
            #expect(rejects.count == 1)
            #expect(rejects.first?.data == ["reason": "outbid", "winningPrice": 2.4, "winner": "Other network"])
        }
    }

    @Test("[LIFE-025] reject() works on an unloaded and on a loaded ad, until show()")
    func rejectLoadedOrNot() async throws {
        try await withInitializedSDK { harness in
            let unloaded = try await Kit.ad(harness, .overlay, load: false)
            #expect(throws: Never.self) { try unloaded.ad.reject() }
            let loaded = try await Kit.ad(harness, .pause)
            #expect(throws: Never.self) { try loaded.ad.reject(.outbid(winningPrice: 1, winner: nil)) }
            #expect(unloaded.ad.invalidationReason == .rejected && loaded.ad.invalidationReason == .rejected)
            #expect(await Kit.events(harness, type: "reject").compactMap(\.adId).sorted() == [unloaded.ad.id, loaded.ad.id].sorted())
            let shown = try await Kit.ad(harness, .linear)
            try Kit.show(shown.ad)
            #expect(throws: VideoAdError.alreadyShown) { try shown.ad.reject() }
        }
    }

    @Test("[LIFE-026] when show(in:) returns the ad is in the view and wasShown is true")
    func showPutsTheAdOnScreen() async throws {
        try await withInitializedSDK { harness in
            for format in [AdFormat.overlay, .pause] {
                let (_, ad, _) = try await Kit.ad(harness, format)
                let view = HeadlessView()
                try ad.show(in: view)
                #expect(ad.wasShown, "\(format)")
                let frame = try #require(view.adFrame)
                #expect(frame.width > 0 && frame.height > 0)
                #expect(CGRect(origin: .zero, size: view.size).contains(frame), "\(format)")
                #expect(harness.creatives.creative(for: ad)?.isOnScreen == true, "\(format)")
                try ad.dismiss()
            }
        }
    }

    @Test("[LIFE-027] dismiss() before show() does nothing and the ad stays ready")
    func dismissBeforeShow() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let (_, ad, delegate) = try await Kit.ad(harness, .pause)
            await harness.flushEvents()
            let requests = server.requests.count
            #expect(throws: Never.self) { try ad.dismiss() }
            await harness.advance(by: .seconds(1))
            await harness.flushEvents()
            #expect(delegate.callbacks.isEmpty)
            #expect(server.requests.count == requests)
            #expect(ad.isReady && !ad.wasShown && !ad.hasEnded)
            try Kit.show(ad)
            #expect(ad.wasShown)
        }
    }

    @Test("[LIFE-028] dismiss() after didEnd does nothing: no throw, no second didEnd, nothing sent")
    func dismissAfterDidEnd() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let (_, ad, delegate) = try await Kit.ad(harness, .overlay)
            try Kit.show(ad)
            harness.creatives.creative(for: ad)?.close()
            #expect(delegate.endReasons == [.closed])
            await harness.flushEvents()
            let requests = server.requests.count
            #expect(throws: Never.self) { try ad.dismiss() }
            #expect(throws: Never.self) { try ad.dismiss() }
            await harness.advance(by: .seconds(1))
            await harness.flushEvents()
            #expect(delegate.endReasons == [.closed])
            #expect(server.requests.count == requests)
        }
    }
}
