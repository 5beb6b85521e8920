import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// "A thrown error means nothing happened on screen and nothing was fired, except a failed
/// `load()`'s VAST error event": one app session that meets every throw of every method, and
/// after each checks the screen, the delegates, the ads' state and the server.
@Suite("Conformance: a thrown error changes nothing")
@MainActor
struct ErrorsSilenceConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    /// Everything the session made, so each check looks at all of it.
    @MainActor
    final class Session {
        let fixture: Fixture
        var ads: [VideoAd] = []
        var delegates: [RecordingDelegate] = []
        var views: [HeadlessView] = []
        var videoAds: [VideoAds] = []

        init(_ fixture: Fixture) { self.fixture = fixture }

        func makeAds(player: HeadlessPlayer? = nil) -> VideoAds {
            let ads = fixture.makeAds()
            if let player { ads.track(player) }
            videoAds.append(ads)
            return ads
        }

        func view(_ view: HeadlessView = HeadlessView()) -> HeadlessView {
            views.append(view)
            return view
        }

        func ad(_ format: AdFormat, from videoAds: VideoAds, load: Bool = true) async throws -> VideoAd {
            let delegate = RecordingDelegate()
            delegates.append(delegate)
            let ad = try await videoAds.format(format)
            ad.delegate = delegate
            if load { try await ad.load() }
            ads.append(ad)
            return ad
        }

        func expectSilent(
            _ accepted: [VideoAdError],
            adStateMayChange: Bool = false,
            vastError: String? = nil,
            requestPaths: Set<String> = [],
            sourceLocation: SourceLocation = #_sourceLocation,
            _ call: () async throws -> Void
        ) async {
            await expectSilent(
                matching: { accepted.contains($0) }, expected: accepted.map(\.description).joined(separator: " or "),
                adStateMayChange: adStateMayChange, vastError: vastError, requestPaths: requestPaths,
                sourceLocation: sourceLocation, call)
        }

        func expectSilent(
            matching matches: (VideoAdError) -> Bool,
            expected: String,
            adStateMayChange: Bool = false,
            vastError: String? = nil,
            requestPaths: Set<String> = [],
            sourceLocation: SourceLocation = #_sourceLocation,
            _ call: () async throws -> Void
        ) async {
            await fixture.expectSilentThrow(
                matching: matches, expected: expected, ads: ads, delegates: delegates, views: views,
                adStateMayChange: adStateMayChange, vastError: vastError, requestPaths: requestPaths,
                sourceLocation: sourceLocation, call)
        }
    }

    @Test("[ERR-016] every thrown call leaves the screen, the delegates, the ads and the server as they were, but for a failed load()'s VAST error")
    func everyThrowIsSilent() async throws {
        try await Fixture.run(initialize: false) { fixture in
            let harness = fixture.harness
            let server = fixture.server
            let session = Session(fixture)
            let player = harness.makePlayer(isPlaying: false)
            let early = session.makeAds(player: player)

            // format(): not initialized.
            await session.expectSilent([.notInitialized]) { _ = try await early.format(.overlay) }
            #expect(await harness.initialize() == .enabled)

            // format(): no fill, request failure (the request itself is the call's own).
            server.enqueue(.noFill(skipCode: "no_ad_match"), for: .pause)
            await session.expectSilent([.noFill(reason: .noAdMatch)], requestPaths: ["/video/preload"]) { _ = try await early.format(.pause) }
            server.enqueue(.error(code: "bad_request"), for: .pause)
            await session.expectSilent(matching: { if case .request = $0 { true } else { false } }, expected: "request(_:)",
                                       requestPaths: ["/video/preload"]) {
                _ = try await early.format(.pause)
            }

            // The ads of the session: an overlay over paused content, a pause ad, a linear ad, one unloaded.
            let main = session.makeAds()
            let overlay = try await session.ad(.overlay, from: early)
            let pause = try await session.ad(.pause, from: main)
            let linear = try await session.ad(.linear, from: main)
            let unloaded = try await session.ad(.overlay, from: main, load: false)
            let screen = session.view()

            // show(in:) / show(from:) / dismiss() on ads that cannot be shown like that.
            await session.expectSilent([.notLoaded]) { try unloaded.show(in: screen) }
            await session.expectSilent([.contentPaused]) { try overlay.show(in: screen) }
            let tiny = session.view(HeadlessView(size: CGSize(width: 100, height: 100)))
            await session.expectSilent(matching: { if case .containerTooSmall = $0 { true } else { false } }, expected: "containerTooSmall(minimum:)") {
                try pause.show(in: tiny)
            }
            let offscreen = session.view(HeadlessView(isInWindow: false))
            await session.expectSilent([.presenterUnavailable]) { try pause.show(in: offscreen) }
            let hidden = session.view(HeadlessView(isHidden: true))
            await session.expectSilent([.presenterUnavailable]) { try pause.show(in: hidden) }
            let flat = session.view(HeadlessView(size: CGSize(width: 390, height: 0)))
            await session.expectSilent([.presenterUnavailable]) { try pause.show(in: flat) }
            await session.expectSilent([.wrongPresentation]) { try pause.show() }
            await session.expectSilent([.wrongPresentation]) { try linear.show(in: screen) }
            await session.expectSilent([.wrongPresentation]) { try linear.dismiss() }
            harness.presenter.isAvailable = false
            await session.expectSilent([.presenterUnavailable]) { try linear.show() }
            harness.presenter.isAvailable = true

            // A pause ad on screen: the others meet anotherAdShowing; it meets alreadyShown.
            try pause.show(in: screen)
            let otherScreen = session.view()
            player.play()
            await session.expectSilent([.anotherAdShowing]) { try overlay.show(in: otherScreen) }
            await session.expectSilent([.anotherAdShowing]) { try linear.show() }
            await session.expectSilent([.alreadyShown]) { try pause.show(in: otherScreen) }
            await session.expectSilent([.alreadyShown]) { try pause.reject() }
            try pause.dismiss()
            await session.expectSilent([.alreadyShown]) { try pause.show(in: screen) }

            // load(): a creative that fails fires its VAST error, and only that.
            harness.creatives.enqueue(.fail(code: 405, after: .zero), for: .linear)
            let failing = try await session.ad(.linear, from: session.makeAds(), load: false)
            // (Which case it throws is ERR-027's concern.)
            await session.expectSilent(
                matching: { if case .creativeFailed = $0 { true } else if case .invalidated(.creativeFailed) = $0 { true } else { false } },
                expected: "creativeFailed(code: 405)", adStateMayChange: true, vastError: failing.id
            ) {
                try await failing.load()
            }
            await session.expectSilent([.invalidated(.creativeFailed(code: 405))]) { try await failing.load() }
            await session.expectSilent([.invalidated(.creativeFailed(code: 405))]) { try failing.show() }
            await session.expectSilent([.invalidated(.creativeFailed(code: 405))]) { try failing.reject() }

            // Rejected and destroyed ads.
            try unloaded.reject()
            await session.expectSilent([.invalidated(.rejected)]) { try await unloaded.load() }
            await session.expectSilent([.invalidated(.rejected)]) { try unloaded.show(in: screen) }
            await session.expectSilent([.invalidated(.rejected)]) { try unloaded.reject() }
            early.destroy()
            await session.expectSilent([.destroyed]) { _ = try await early.format(.overlay) }
            await session.expectSilent([.destroyed]) { try await overlay.load() }
            await session.expectSilent([.destroyed, .invalidated(.destroyed)]) { try overlay.show(in: otherScreen) }
            await session.expectSilent([.invalidated(.destroyed)]) { try overlay.reject() }

            // A launch the server switched off.
            await fixture.relaunchDisabled(reason: "publisher_suspended")
            let disabled = VideoAdError.disabled(reason: "publisher_suspended")
            await session.expectSilent([disabled]) { _ = try await main.format(.overlay) }
            await session.expectSilent([disabled]) { try linear.show() }

            #expect(screen.placements.count == 1 && otherScreen.placements.isEmpty, "only the one successful show placed anything")
            #expect(harness.presenter.presentCount == 0)
            withExtendedLifetime(session) {}
        }
    }
}
