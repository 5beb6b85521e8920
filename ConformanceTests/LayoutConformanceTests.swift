import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// Where overlay and pause ads go in the app's view, and how a linear ad is presented: measured
/// through `HeadlessView` (size, safe area, window, visibility) and `HeadlessPresenter`.
@Suite("Conformance: layout")
@MainActor
struct LayoutConformanceTests {
    // MARK: show(in:insets:)

    @Test("[LAY-001] show(in:) puts the ad inside the view, within its bounds", arguments: [AdFormat.overlay, .pause])
    func showPlacesTheAdInsideTheView(format: AdFormat) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, format)
            let view = HeadlessView()
            #expect(view.adFrame == nil)
            try ad.show(in: view)
            let frame = try #require(view.adFrame)
            #expect(frame.width > 0 && frame.height > 0)
            #expect(bounds(of: view).contains(frame))
            #expect(isInside(frame, view: view, insets: .zero))
        }
    }

    @Test("[LAY-002] the ad is laid out again within the new bounds after a resize or a rotation")
    func adFollowsResizeAndRotation() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let (ad, delegate, view) = try await shownAd(ads, .pause)
            let first = try #require(view.adFrame)

            view.rotate()
            await harness.advance(by: .milliseconds(500))
            let rotated = try #require(view.adFrame)
            #expect(rotated != first)
            #expect(bounds(of: view).contains(rotated))
            #expect(isInside(rotated, view: view, insets: .zero))
            // A pause card is centred in the available area.
            #expect(approx(rotated.midX, availableArea(view, .zero).midX))
            #expect(approx(rotated.midY, availableArea(view, .zero).midY))

            view.size = CGSize(width: 700, height: 500)
            view.safeAreaInsets = VideoAdInsets()
            await harness.advance(by: .milliseconds(500))
            let resized = try #require(view.adFrame)
            #expect(approx(resized.midX, 350) && approx(resized.midY, 250))
            #expect(bounds(of: view).contains(resized))
            #expect(delegate.endReasons.isEmpty)
            #expect(!ad.hasEnded)
        }
    }

    @Test("[LAY-003] shrinking the view below the ad's minimum ends it with didEnd(.interrupted)")
    func shrinkingTheViewInterrupts() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let (ad, delegate, view) = try await shownAd(ads, .pause)
            await harness.advance(by: .milliseconds(250))
            // 300×250 at 50 % needs 150×125 plus the safe area: 100×100 is too small.
            view.size = CGSize(width: 100, height: 100)
            #expect(delegate.endReasons.isEmpty)
            await harness.advance(by: .milliseconds(500))
            #expect(delegate.endReasons == [.interrupted])
            #expect(ad.hasEnded)
            #expect(view.adFrame == nil)
        }
    }

    @Test("[LAY-004] removing the view from its window ends the ad with didEnd(.interrupted)")
    func leavingTheWindowInterrupts() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let shown = try await shownAd(ads, .overlay)
            let delegate = shown.delegate
            let view = shown.view
            await harness.advance(by: .milliseconds(250))
            view.isInWindow = false
            #expect(delegate.endReasons.isEmpty)
            await harness.advance(by: .milliseconds(500))
            #expect(delegate.endReasons == [.interrupted])
            #expect(view.adFrame == nil)
            // The view coming back does not bring the ad back or end it twice.
            view.isInWindow = true
            await harness.advance(by: .seconds(2))
            #expect(delegate.endReasons == [.interrupted])
        }
    }

    @Test("[LAY-005] dismissing the linear ad's presenting controller from outside ends it with didEnd(.interrupted)")
    func externalDismissalInterruptsLinear() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .linear)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try ad.show()
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.renderFirstFrame()
            #expect(harness.presenter.current != nil)
            harness.presenter.dismissFromOutside()
            await harness.advance(by: .milliseconds(500))
            #expect(delegate.endReasons == [.interrupted])
            #expect(ad.hasEnded)
            #expect(harness.presenter.dismissCount == 0)
        }
    }

    // MARK: insets

    @Test("[LAY-006] an overlay strip shown with insets bottom: 80 sits exactly 80 points above the safe area's bottom")
    func bottomInsetOf80() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .overlay)
            let view = HeadlessView() // 390×844, safe area bottom 34
            try ad.show(in: view, insets: VideoAdInsets(bottom: 80))
            let frame = try #require(view.adFrame)
            #expect(approx(frame.maxY, 844 - 34 - 80))
        }
    }

    /// One view and insets an ad is shown in.
    struct InsetRow: Sendable, CustomTestStringConvertible {
        let name: String
        let format: AdFormat
        let size: CGSize
        let safeArea: VideoAdInsets
        let insets: VideoAdInsets
        var testDescription: String { "[LAY-007] \(format.rawValue) in \(name)" }
    }

    @Test("[LAY-007] the ad's frame never enters the safe-area margins or the insets, on any edge", arguments: [
        InsetRow(name: "a phone, all insets", format: .pause, size: CGSize(width: 390, height: 844),
                 safeArea: VideoAdInsets(top: 47, left: 0, bottom: 34, right: 0), insets: VideoAdInsets(top: 20, left: 15, bottom: 80, right: 25)),
        InsetRow(name: "a tight box (scaled down)", format: .pause, size: CGSize(width: 260, height: 260),
                 safeArea: VideoAdInsets(top: 10, left: 20, bottom: 12, right: 30), insets: VideoAdInsets(top: 5, left: 6, bottom: 7, right: 8)),
        InsetRow(name: "landscape with notch sides", format: .overlay, size: CGSize(width: 844, height: 390),
                 safeArea: VideoAdInsets(top: 0, left: 47, bottom: 21, right: 47), insets: VideoAdInsets(top: 10, left: 30, bottom: 80, right: 40)),
        InsetRow(name: "a narrow strip (scaled down)", format: .overlay, size: CGSize(width: 250, height: 200),
                 safeArea: VideoAdInsets(top: 10, left: 20, bottom: 10, right: 30), insets: VideoAdInsets(top: 0, left: 10, bottom: 40, right: 10)),
    ])
    func frameStaysClearOfSafeAreaAndInsets(row: InsetRow) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, row.format)
            let view = HeadlessView(size: row.size, safeAreaInsets: row.safeArea)
            try ad.show(in: view, insets: row.insets)
            let frame = try #require(view.adFrame)
            #expect(isInside(frame, view: view, insets: row.insets), "\(frame) in \(availableArea(view, row.insets))")
        }
    }

    @Test("[LAY-008] after a resize or a rotation the ad keeps the same insets from the new safe area")
    func insetsKeptThroughRotationAndResize() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .overlay)
            let view = HeadlessView()
            let insets = VideoAdInsets(top: 10, left: 12, bottom: 80, right: 14)
            try ad.show(in: view, insets: insets)
            #expect(approx(try #require(view.adFrame).maxY, 844 - 34 - 80))

            view.rotate() // 844×390, safe area left 47, right 34, bottom 0
            await harness.advance(by: .milliseconds(500))
            let rotated = try #require(view.adFrame)
            #expect(approx(rotated.maxY, 390 - 0 - 80))
            #expect(isInside(rotated, view: view, insets: insets))

            view.size = CGSize(width: 600, height: 500)
            view.safeAreaInsets = VideoAdInsets(top: 20, left: 0, bottom: 30, right: 0)
            await harness.advance(by: .milliseconds(500))
            let resized = try #require(view.adFrame)
            #expect(approx(resized.maxY, 500 - 30 - 80))
            #expect(isInside(resized, view: view, insets: insets))
            #expect(!ad.hasEnded)
        }
    }

    @Test("[LAY-009] a full-screen pause ad ignores the insets and covers the view")
    func fullScreenPauseIgnoresInsets() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            server.enqueue(.ad(SandboxAd(fullScreen: true)), .ad(SandboxAd(fullScreen: true)), .ad(SandboxAd(fullScreen: true)), for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let insets = VideoAdInsets(top: 30, left: 40, bottom: 80, right: 50)

            // A view with no safe area: the ad covers all of it, insets or not.
            let first = try await loadedAd(ads, .pause)
            let plain = HeadlessView(size: CGSize(width: 390, height: 844), safeAreaInsets: VideoAdInsets())
            try first.show(in: plain, insets: insets)
            #expect(try #require(plain.adFrame) == CGRect(x: 0, y: 0, width: 390, height: 844))
            try first.dismiss()

            // A phone with a safe area: the insets change nothing.
            let second = try await loadedAd(ads, .pause)
            let withInsets = HeadlessView()
            try second.show(in: withInsets, insets: insets)
            let insetFrame = try #require(withInsets.adFrame)
            try second.dismiss()
            let third = try await loadedAd(ads, .pause)
            let withoutInsets = HeadlessView()
            try third.show(in: withoutInsets)
            #expect(insetFrame == withoutInsets.adFrame)
        }
    }

    // MARK: containerTooSmall(minimum:)

    @Test("[LAY-010] an ad that fits at 50 % or more is shown scaled down; one that needs less throws containerTooSmall")
    func fiftyPercentRule() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let noSafeArea = VideoAdInsets()

            // 300×250 card: 140×140 would need 46.7 %.
            let ad = try await loadedAd(ads, .pause)
            #expect(tooSmallMinimum { try ad.show(in: HeadlessView(size: CGSize(width: 140, height: 140), safeAreaInsets: noSafeArea)) } != nil)
            #expect(ad.isReady && !ad.wasShown)

            // Exactly 50 %: 150×125.
            let half = HeadlessView(size: CGSize(width: 150, height: 125), safeAreaInsets: noSafeArea)
            try ad.show(in: half)
            let frame = try #require(half.adFrame)
            #expect(approx(frame.width, 150) && approx(frame.height, 125))
            try ad.dismiss()

            // 200×200: scaled to 2/3.
            let next = try await loadedAd(ads, .pause)
            let scaled = HeadlessView(size: CGSize(width: 200, height: 200), safeAreaInsets: noSafeArea)
            try next.show(in: scaled)
            let scaledFrame = try #require(scaled.adFrame)
            #expect(approx(scaledFrame.width, 200) && approx(scaledFrame.height, 250 * 200 / 300))
        }
    }

    @Test("[LAY-011] a view of exactly `minimum` holds the ad; one point smaller in width or height throws containerTooSmall")
    func minimumIsTheSmallestViewThatHoldsTheAd() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .pause)
            let safeArea = VideoAdInsets(top: 47, left: 5, bottom: 34, right: 7)
            let insets = VideoAdInsets(top: 10, left: 3, bottom: 80, right: 4)

            let minimum = try #require(tooSmallMinimum {
                try ad.show(in: HeadlessView(size: CGSize(width: 120, height: 200), safeAreaInsets: safeArea), insets: insets)
            })
            // 300×250 at 50 % plus the safe area and the insets, on each axis.
            #expect(approx(minimum.width, 150 + 5 + 7 + 3 + 4))
            #expect(approx(minimum.height, 125 + 47 + 34 + 10 + 80))

            let narrower = CGSize(width: minimum.width - 1, height: minimum.height)
            #expect(tooSmallMinimum { try ad.show(in: HeadlessView(size: narrower, safeAreaInsets: safeArea), insets: insets) } != nil)
            let shorter = CGSize(width: minimum.width, height: minimum.height - 1)
            #expect(tooSmallMinimum { try ad.show(in: HeadlessView(size: shorter, safeAreaInsets: safeArea), insets: insets) } != nil)
            #expect(ad.isReady)

            let exact = HeadlessView(size: minimum, safeAreaInsets: safeArea)
            try ad.show(in: exact, insets: insets)
            #expect(ad.wasShown)
            #expect(exact.adFrame != nil)
        }
    }

    // MARK: show(from:)

    @Test("[LAY-012] show(from: vc) presents the linear ad full screen from vc")
    func showFromGivenPresenter() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .linear)
            let controller = HeadlessPresenter()
            try ad.show(from: controller)
            #expect(controller.presentCount == 1)
            #expect(controller.current?.ad === ad)
            #expect(harness.presenter.presentCount == 0)
            #expect(ad.wasShown)
        }
    }

    @Test("[LAY-013] show(from: nil) presents from the key window's top view controller")
    func showFromNilUsesTheTopController() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .linear)
            try ad.show(from: nil)
            #expect(harness.presenter.presentCount == 1)
            #expect(harness.presenter.current?.ad === ad)
        }
    }
}

// MARK: - Helpers

@MainActor
private func bounds(of view: HeadlessView) -> CGRect {
    CGRect(origin: .zero, size: view.size)
}

/// The view's bounds minus its safe area minus `insets`.
@MainActor
private func availableArea(_ view: HeadlessView, _ insets: VideoAdInsets) -> CGRect {
    let safe = view.safeAreaInsets
    let left = safe.left + insets.left, top = safe.top + insets.top
    return CGRect(
        x: left, y: top,
        width: view.size.width - left - safe.right - insets.right,
        height: view.size.height - top - safe.bottom - insets.bottom)
}

/// Whether `frame` stays out of the safe-area margins and the insets on every edge.
@MainActor
private func isInside(_ frame: CGRect, view: HeadlessView, insets: VideoAdInsets) -> Bool {
    let area = availableArea(view, insets)
    let slack: CGFloat = 1e-6
    return frame.minX >= area.minX - slack && frame.minY >= area.minY - slack
        && frame.maxX <= area.maxX + slack && frame.maxY <= area.maxY + slack
}

private func approx(_ a: CGFloat, _ b: CGFloat) -> Bool {
    abs(a - b) < 1e-6
}

/// The `minimum` of the `containerTooSmall` that `body` throws, `nil` when it throws nothing
/// (or another error).
@MainActor
private func tooSmallMinimum(_ body: () throws -> Void) -> CGSize? {
    do {
        try body()
        return nil
    } catch VideoAdError.containerTooSmall(let minimum) {
        return minimum
    } catch {
        return nil
    }
}
