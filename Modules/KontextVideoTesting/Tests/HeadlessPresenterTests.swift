import Foundation
import Testing
import KontextVideoTesting
import KontextVideoCreatives

@Suite("HeadlessPresenter, HeadlessView and HeadlessClickOpener")
@MainActor
struct HeadlessPresenterTests {
    @Test func aHeldDismissalFinishesOnlyWhenTheTestSaysSo() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.linear)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try await ad.load()
            harness.presenter.holdsDismissals = true
            try ad.show()
            #expect(harness.presenter.presentCount == 1)
            #expect(harness.presenter.current != nil)
            harness.creatives.creative(for: ad)?.renderFirstFrame()
            harness.creatives.creative(for: ad)?.skip()
            #expect(harness.presenter.isDismissing)
            #expect(delegate.endReasons.isEmpty)
            harness.presenter.finishDismissal()
            #expect(delegate.endReasons == [.skipped])
            #expect(harness.presenter.current == nil && harness.presenter.dismissCount == 1)
        }
    }

    @Test func anUnavailablePresenterRefusesAndTheAdStaysReady() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.linear)
            try await ad.load()
            harness.presenter.isAvailable = false
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show() }
            #expect(ad.isReady)
        }
    }

    @Test func aViewRotatesItsSizeAndSafeArea() {
        let view = HeadlessView(size: CGSize(width: 390, height: 844), safeAreaInsets: .init(top: 47, left: 0, bottom: 34, right: 0))
        view.rotate()
        #expect(view.size == CGSize(width: 844, height: 390))
        #expect(view.safeAreaInsets == .init(top: 0, left: 47, bottom: 0, right: 34))
        view.videoAdDidPlace(CGRect(x: 1, y: 2, width: 3, height: 4))
        view.videoAdDidRemove()
        #expect(view.placements == [CGRect(x: 1, y: 2, width: 3, height: 4)])
        #expect(view.adFrame == nil)
    }

    @Test func theClickOpenerTakesTheViewerAwayUntilTheyReturn() throws {
        let opener = HeadlessClickOpener()
        var progress: [ClickThroughProgress] = []
        let landing = try #require(URL(string: "https://brand.example/landing"))
        opener.open(ClickTarget(url: landing, fallbackURL: nil, appStoreID: "123", rule: .init(allowsLocalHosts: false))) { progress.append($0) }
        #expect(progress == [.opened(.insideApp)], "the product sheet stays inside the app")
        #expect(opener.isViewerAway)
        opener.viewerReturns()
        opener.viewerReturns()
        #expect(progress == [.opened(.insideApp), .closed], "back once")
        #expect(!opener.isViewerAway)

        progress = []
        opener.open(ClickTarget(url: landing, fallbackURL: nil, appStoreID: nil, rule: .init(allowsLocalHosts: false))) { progress.append($0) }
        #expect(progress == [.opened(.outsideApp)], "a URL leaves the app")
        opener.unopenableURLs = [landing]
        opener.viewerReturns()
        progress = []
        opener.open(ClickTarget(url: landing, fallbackURL: nil, appStoreID: nil, rule: .init(allowsLocalHosts: false))) { progress.append($0) }
        #expect(progress.isEmpty, "nothing opened: the viewer never left")
        #expect(!opener.isViewerAway)
    }

    @Test func harnessesNeverOverlap() async throws {
        let log = OverlapLog()
        async let first: Void = KontextVideoHarness.run { harness in
            log.enter()
            await harness.advance(by: .seconds(1))
            log.leave()
        }
        async let second: Void = KontextVideoHarness.run { harness in
            log.enter()
            await harness.advance(by: .seconds(1))
            log.leave()
        }
        _ = try await (first, second)
        #expect(log.maximumInside == 1)
        #expect(log.runs == 2)
    }
}

/// Counts how many harness bodies run at once.
@MainActor
final class OverlapLog {
    private var inside = 0
    private(set) var maximumInside = 0
    private(set) var runs = 0

    func enter() {
        inside += 1
        runs += 1
        maximumInside = max(maximumInside, inside)
    }

    func leave() {
        inside -= 1
    }
}
