import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// A shown overlay or pause ad is measured when its host view reports a change
/// (`videoAdReportChanges(to:)`), in that same call, and on the clock only for a host that reports
/// nothing or stops reporting.
@Suite("Host change reporting")
@MainActor
struct HostChangeReportingTests {
    /// A pause ad loaded and shown in `view`, with a recording delegate.
    private func shownPause(in view: any VideoAdHostView) async throws -> (VideoAds, VideoAd, RecordingDelegate) {
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
        let ad = try await ads.format(.pause)
        try await ad.load()
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        try ad.show(in: view)
        return (ads, ad, delegate)
    }

    /// Lets the show's own work (its impression's delivery) settle, so what follows is the host's.
    private func settle(_ harness: KontextVideoHarness) async {
        await harness.flushEvents()
        await harness.advance(by: .seconds(1))
    }

    @Test func aReportedChangeIsLaidOutInsideTheReportWithNoTimer() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let view = ReportingHost()
            let (ads, ad, delegate) = try await shownPause(in: view)
            #expect(view.placements.count == 1)
            #expect(view.reportChange != nil)
            await settle(harness)
            let sleeps = harness.clock.sleepsScheduled

            view.size = CGSize(width: 844, height: 390)
            view.reportChange?()  // placed again inside the call, as in UIKit's layout pass
            #expect(view.placements.count == 2)
            #expect(view.placements.last.map { $0.maxX <= 844 && $0.maxY <= 390 } == true)

            #expect(harness.clock.sleepsScheduled == sleeps)
            view.isInWindow = false
            view.reportChange?()
            #expect(ad.hasEnded, "ending from inside the report")
            await harness.advance(by: .zero)
            #expect(delegate.endReasons == [.interrupted])
            #expect(view.reportChange == nil, "the closure is dropped with the ad")
            withExtendedLifetime(ads) {}
        }
    }

    /// UIKit calls the report from `layoutSubviews` or a window move: a delegate that changes the
    /// app's state there is what SwiftUI refuses ("Publishing changes from within view updates").
    @Test func anInterruptionFoundInTheLayoutPassEndsTheAdOnTheNextTurn() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let view = ReportingHost()
            let (ads, ad, delegate) = try await shownPause(in: view)
            await settle(harness)
            let pass = LayoutPass()
            delegate.onCallback = { callback in
                if case .end = callback { pass.endedInside = pass.isRunning }
            }
            view.isInWindow = false
            pass.isRunning = true
            view.reportChange?()
            view.reportChange?()  // the same pass, measuring again
            pass.isRunning = false
            #expect(ad.hasEnded)
            #expect(delegate.endReasons.isEmpty, "didEnd did not run inside the layout pass")
            #expect(view.placements.count == 1)
            await Task.yield()
            #expect(delegate.endReasons == [.interrupted], "one turn later, once")
            #expect(!pass.endedInside)
            #expect(view.reportChange == nil, "taken down")
            let nextAd = try await ads.format(.pause)
            try await nextAd.load()
            try nextAd.show(in: HeadlessView())
            #expect(nextAd.wasShown, "the on-screen slot is free again")
        }
    }

    @Test func aHostThatStopsReportingIsMeasuredAtOnceAndThenEveryHalfSecond() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let view = ReportingHost()
            let (ads, _, delegate) = try await shownPause(in: view)
            view.size = CGSize(width: 844, height: 390)
            view.reportChange = nil  // stops reporting, with a change unreported
            await harness.advance(by: .zero)
            #expect(view.placements.count == 2, "measured at once")

            view.size = CGSize(width: 390, height: 844)
            await harness.advance(by: .milliseconds(499))
            #expect(view.placements.count == 2)
            await harness.advance(by: .milliseconds(1))
            #expect(view.placements.count == 3, "measured on the clock from then on")
            #expect(delegate.endReasons.isEmpty)
            withExtendedLifetime(ads) {}
        }
    }

    @Test func aFreedHostEndsTheAdAtOnce() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            var view: HeadlessView? = HeadlessView()
            let (ads, ad, delegate) = try await shownPause(in: view!)
            await harness.advance(by: .milliseconds(100))
            view = nil
            await harness.advance(by: .zero)
            #expect(delegate.endReasons == [.interrupted])
            #expect(ad.hasEnded)
            withExtendedLifetime(ads) {}
        }
    }

    @Test func aHeadlessViewReportsTheChangesOfOneTurnTogetherOnTheNext() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let view = HeadlessView()
            let (ads, _, delegate) = try await shownPause(in: view)
            await settle(harness)
            let sleeps = harness.clock.sleepsScheduled
            view.size = CGSize(width: 120, height: 120)  // too small on its own...
            view.size = CGSize(width: 1024, height: 768)  // ...but not once the turn is over
            view.safeAreaInsets = .zero
            #expect(view.placements.count == 1, "not inside the setter")
            await harness.advance(by: .zero)
            #expect(view.placements.count == 2, "one relayout for the turn")
            #expect(delegate.endReasons.isEmpty)
            #expect(harness.clock.sleepsScheduled == sleeps)
            view.isHidden = true
            await harness.advance(by: .zero)
            #expect(delegate.endReasons == [.interrupted])
            withExtendedLifetime(ads) {}
        }
    }
}

/// Whether a layout pass runs now, and whether `didEnd` came inside one.
@MainActor
private final class LayoutPass {
    var isRunning = false
    var endedInside = false
}

/// A host of the app's own that reports its changes: the test calls `reportChange` as a layout
/// pass would.
@MainActor
private final class ReportingHost: VideoAdHostView {
    var size = CGSize(width: 390, height: 844)
    var isInWindow = true
    private(set) var placements: [CGRect] = []
    var reportChange: (@MainActor () -> Void)?

    var videoAdBoundsSize: CGSize { size }
    var videoAdSafeAreaInsets: VideoAdInsets { .zero }
    var videoAdIsInWindow: Bool { isInWindow }
    var videoAdIsHidden: Bool { false }
    func videoAdDidPlace(_ frame: CGRect) { placements.append(frame) }
    func videoAdDidRemove() { reportChange = nil }

    func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool {
        reportChange = onChange
        return true
    }
}
