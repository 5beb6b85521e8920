import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The reference's promises that only a creative's page can make come true: ready, its own click
/// areas, its own error codes, its own close and Resume. Each page speaks the creative bridge in
/// its own bytes (`CREATIVES.md`) through the test kit's scripted creatives, which hand them to the
/// SDK's decoder and rules as the web view does.
@Suite("Conformance: the creative bridge")
@MainActor
struct CreativeBridgeConformanceTests {
    typealias Kit = AdMomentKit

    static let hello = #"{"type":"init-iframe","data":{"version":1}}"#
    static let ready = #"{"type":"ready-iframe"}"#
    static let cta = #"{"type":"click-iframe","data":{"area":"cta"}}"#

    /// An ad of `format` whose page says `posts` while it loads; `load()` has started, and the
    /// creative has posted them.
    func loadingPage(_ harness: KontextVideoHarness, _ format: AdFormat = .overlay, posts: [String], answer: SandboxAd? = nil)
        async throws -> (ad: VideoAd, delegate: RecordingDelegate, creative: ScriptedCreative, loading: Task<Void, any Error>) {
        harness.creatives.enqueue(.page(posts: posts), for: format)
        let (_, ad, delegate) = try await Kit.ad(harness, format, answer: answer, load: false)
        let loading = Task { @MainActor in try await ad.load() }
        await Kit.settle(until: { harness.creatives.creative(for: ad)?.loadCount == 1 })
        let creative = try #require(harness.creatives.creative(for: ad))
        return (ad, delegate, creative, loading)
    }

    /// An ad of `format` whose page spoke the bridge and was ready, shown.
    func shownPage(_ harness: KontextVideoHarness, _ format: AdFormat = .overlay, answer: SandboxAd? = nil)
        async throws -> (ad: VideoAd, delegate: RecordingDelegate, creative: ScriptedCreative) {
        let (ad, delegate, creative, loading) = try await loadingPage(harness, format, posts: [Self.hello, Self.ready], answer: answer)
        try await loading.value
        try Kit.show(ad)
        return (ad, delegate, creative)
    }

    @Test("[LIFE-029] load() of a page that speaks the bridge returns when the page posts ready-iframe, not before")
    func loadReturnsOnReady() async throws {
        try await withInitializedSDK { harness in
            let (ad, _, creative, loading) = try await loadingPage(harness, posts: [Self.hello])
            #expect(creative.messagesToPage.first?.hasPrefix(#"{"data":{"format":"overlay""#) == true, "hello is answered with the context")
            await harness.advance(by: .seconds(9))
            await Kit.settle()
            #expect(!ad.isLoaded, "the page was loaded, but has not said ready")
            creative.pagePosts(Self.ready)
            try await loading.value
            #expect(ad.isLoaded && ad.isReady)
            try Kit.show(ad)
            #expect(creative.messagesToPage.last == #"{"type":"shown-iframe"}"#, "the page hears it is on screen")
        }
    }

    @Test("[LIFE-030] a page without the bridge is ready at its load event")
    func plainPageReadyAtLoad() async throws {
        try await withInitializedSDK { harness in
            let (ad, _, creative, loading) = try await loadingPage(harness, posts: [])
            try await loading.value
            #expect(ad.isLoaded)
            #expect(creative.messagesToPage.isEmpty, "a page that never said hello is told nothing")
        }
    }

    @Test("[ERR-055] a page's error before ready fails load() with the page's own code, or 405")
    func errorBeforeReady() async throws {
        try await withInitializedSDK { harness in
            for (post, code) in [(#"{"type":"error-iframe","data":{"code":403}}"#, 403), (#"{"type":"error-iframe"}"#, 405)] {
                let (ad, delegate, _, loading) = try await loadingPage(harness, posts: [Self.hello, post])
                await #expect(throws: VideoAdError.creativeFailed(code: code)) { try await loading.value }
                #expect(ad.invalidationReason == .creativeFailed(code: code))
                #expect(delegate.callbacks.isEmpty)
                let errors = await Kit.events(harness, type: "vast_error", adId: ad.id)
                #expect(errors.map { $0.data["code"]?.intValue } == [code])
            }
        }
    }

    @Test("[ERR-056] a page that never says ready fails load() with 502 after 10 s; its late ready changes nothing")
    func readyAfterTimeoutIsIgnored() async throws {
        try await withInitializedSDK { harness in
            let (ad, delegate, creative, loading) = try await loadingPage(harness, posts: [Self.hello])
            await harness.advance(by: .seconds(10))
            await #expect(throws: VideoAdError.creativeFailed(code: 502)) { try await loading.value }
            creative.pagePosts(Self.ready)
            #expect(creative.ignoredMessages == 1)
            #expect(!ad.isLoaded && ad.invalidationReason == .creativeFailed(code: 502))
            #expect(throws: VideoAdError.invalidated(.creativeFailed(code: 502))) { try Kit.show(ad) }
            #expect(delegate.callbacks.isEmpty)
            let events = await Kit.events(harness, adId: ad.id)
            #expect(events.map(\.type) == ["vast_error"])
        }
    }

    @Test("[DEL-024] the page's own click area reaches didClick: .other(\"cta\"), .creative without one; its own URL opens")
    func ctaClick() async throws {
        try await withInitializedSDK { harness in
            let (ad, delegate, creative) = try await shownPage(harness, answer: SandboxAd(creative: .htmlPage(.callToAction)))
            creative.viewerTaps(andPagePosts: Self.cta)
            creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{}}"#)
            creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{"area":"offer","url":"https://advertiser.example/offer"}}"#)
            let areas = delegate.callbacks.compactMap { callback -> VideoAd.Click.Area? in
                if case .click(_, let area) = callback { return area }
                return nil
            }
            #expect(areas == [.other("cta"), .creative, .other("offer")])
            let events = await Kit.events(harness, type: "click", adId: ad.id)
            #expect(events.compactMap { $0.data["area"]?.stringValue }.sorted() == ["creative", "cta", "offer"])
            let landing = "\(harness.serverURL.absoluteString)/landing/\(ad.id)"
            #expect(harness.clickOpener.openedURLs.map(\.absoluteString) == [landing, landing, "https://advertiser.example/offer"])
        }
    }

    @Test("[DEL-025] once per tap: two clicks during one tap are one didClick; a click without a tap is none")
    func oncePerTap() async throws {
        try await withInitializedSDK { harness in
            let (ad, delegate, creative) = try await shownPage(harness)
            creative.viewerTaps(andPagePosts: Self.cta)
            creative.pagePosts(#"{"type":"click-iframe","data":{"area":"cta"},"tap":1}"#)
            creative.pagePosts(Self.cta)
            #expect(delegate.callbacks.filter { if case .click = $0 { true } else { false } } == [.click(adId: ad.id, area: .other("cta"))])
            #expect(await Kit.events(harness, type: "click", adId: ad.id).count == 1)
            #expect(creative.ignoredMessages == 2, "the same tap again, and no tap")
        }
    }

    @Test("[DEL-026] a page's click or close before show() delivers nothing; after didEnd, nothing either")
    func nothingBeforeShowOrAfterEnd() async throws {
        try await withInitializedSDK { harness in
            let (ad, delegate, creative, loading) = try await loadingPage(harness, posts: [Self.hello, Self.ready])
            try await loading.value
            creative.viewerTaps(andPagePosts: Self.cta)
            creative.viewerTaps(andPagePosts: #"{"type":"close-iframe"}"#)
            #expect(delegate.callbacks.isEmpty)
            #expect(ad.isReady, "still ready: nothing happened")
            try Kit.show(ad)
            try ad.dismiss()
            creative.viewerTaps(andPagePosts: Self.cta)
            #expect(delegate.callbacks == [.impression(adId: ad.id), .end(adId: ad.id, reason: .dismissed, isCompleted: false)])
            #expect(await Kit.events(harness, type: "click", adId: ad.id).isEmpty)
        }
    }

    @Test("[DEL-027] a page's error on screen: didFail with its own code (405 without one), didEnd(.failed), the vast_error event")
    func errorOnScreen() async throws {
        try await withInitializedSDK { harness in
            for (post, code) in [(#"{"type":"error-iframe","data":{"code":501}}"#, 501), (#"{"type":"error-iframe","data":{"code":"soon"}}"#, 405)] {
                let (ad, delegate, creative) = try await shownPage(harness, answer: SandboxAd(creative: .htmlPage(.error(code: code, onScreen: true))))
                creative.pagePosts(post)
                #expect(delegate.callbacks == [
                    .impression(adId: ad.id),
                    .fail(adId: ad.id, error: .creativeFailed(code: code)),
                    .end(adId: ad.id, reason: .failed, isCompleted: false),
                ])
                #expect(await Kit.events(harness, type: "vast_error", adId: ad.id).compactMap { $0.data["code"]?.intValue } == [code])
            }
        }
    }

    @Test("[END-014] the page's own close control, during a tap, ends the ad with .closed")
    func pageClose() async throws {
        try await withInitializedSDK { harness in
            for format in [AdFormat.overlay, .pause] {
                let (ad, delegate, creative) = try await shownPage(harness, format)
                creative.pagePosts(#"{"type":"close-iframe"}"#)
                #expect(delegate.endReasons.isEmpty, "\(format): a close without a tap is not the viewer's")
                creative.viewerTaps(andPagePosts: #"{"type":"close-iframe"}"#)
                #expect(delegate.endReasons == [.closed], "\(format)")
                #expect(await Kit.events(harness, type: "ended", adId: ad.id).first?.data["reason"]?.stringValue == "closed")
            }
        }
    }

    @Test("[END-015] the page's Resume ends a full-screen pause ad with .resumed; a pause card's or an overlay's changes nothing")
    func pageResume() async throws {
        try await withInitializedSDK { harness in
            let full = try await shownPage(harness, .pause, answer: SandboxAd(width: 390, height: 763, fullScreen: true))
            full.creative.viewerTaps(andPagePosts: #"{"type":"resume-iframe"}"#)
            #expect(full.delegate.endReasons == [.resumed])
            for format in [AdFormat.pause, .overlay] {
                let (ad, delegate, creative) = try await shownPage(harness, format)
                creative.viewerTaps(andPagePosts: #"{"type":"resume-iframe"}"#)
                #expect(delegate.endReasons.isEmpty, "\(format)")
                #expect(ad.wasShown && !ad.hasEnded)
                try ad.dismiss()
            }
        }
    }
}
