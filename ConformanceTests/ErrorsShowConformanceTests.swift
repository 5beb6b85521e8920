import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The errors `show(in:insets:)`, `show(from:)` and `dismiss()` throw, each with nothing shown,
/// and the state the ad is left in.
@Suite("Conformance: errors thrown by show() and dismiss()")
@MainActor
struct ErrorsShowConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    /// A format and the clauses its show method proves.
    struct FormatRow: Sendable, CustomTestStringConvertible {
        let format: AdFormat
        let ids: String
        var testDescription: String { "\(ids) \(format)" }
    }

    // MARK: notLoaded

    @Test("[ERR-011][ERR-033][ERR-046] show before load() finished throws notLoaded; the ad stays as it was, then loads and shows",
          arguments: [
              FormatRow(format: .overlay, ids: "[ERR-011][ERR-033]"),
              FormatRow(format: .pause, ids: "[ERR-011][ERR-033]"),
              FormatRow(format: .linear, ids: "[ERR-011][ERR-046]"),
          ])
    func showBeforeLoad(row: FormatRow) async throws {
        try await Fixture.run { fixture in
            let harness = fixture.harness
            harness.creatives.enqueue(.ready(after: .seconds(2)), for: row.format)
            let ads = fixture.makeAds()
            let ad = try await ads.format(row.format)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view = HeadlessView()

            // load() never called.
            await fixture.expectSilentThrow([.notLoaded], ads: [ad], delegates: [delegate], views: [view]) {
                try fixture.show(ad, in: view)
            }
            #expect(!ad.isLoaded && !ad.isReady && !ad.wasShown && ad.invalidationReason == nil && !ad.hasEnded)

            // load() in flight.
            let load = Task { @MainActor in try await ad.load() }
            #expect(await fixture.yield { harness.creatives.creative(for: ad)?.loadCount == 1 })
            await fixture.expectSilentThrow([.notLoaded], ads: [ad], delegates: [delegate], views: [view]) {
                try fixture.show(ad, in: view)
            }
            #expect(!ad.isLoaded && !ad.wasShown && ad.invalidationReason == nil)

            // The ad was left as it was: it loads and shows.
            await harness.advance(by: .seconds(2))
            try await load.value
            #expect(ad.isLoaded && ad.isReady)
            try fixture.show(ad, in: view)
            #expect(ad.wasShown)
            #expect(row.format == .linear ? harness.presenter.current != nil : view.adFrame != nil)
        }
    }

    // MARK: alreadyShown

    @Test("[ERR-008][ERR-031][ERR-034][ERR-047] after a successful show, show and reject() throw alreadyShown, on screen and after didEnd, with no reject event",
          arguments: [
              FormatRow(format: .overlay, ids: "[ERR-008][ERR-031][ERR-034]"),
              FormatRow(format: .pause, ids: "[ERR-008][ERR-031][ERR-034]"),
              FormatRow(format: .linear, ids: "[ERR-008][ERR-031][ERR-047]"),
          ])
    func alreadyShown(row: FormatRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(row.format, from: ads, delegate: delegate)
            let view = HeadlessView()
            let otherView = HeadlessView()
            try fixture.show(ad, in: view)
            #expect(ad.wasShown && !ad.hasEnded)

            let views = [view, otherView]
            await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                try fixture.show(ad, in: view)
            }
            if row.format != .linear {
                await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                    try ad.show(in: otherView)
                }
            } else {
                await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                    try ad.show(from: HeadlessPresenter())
                }
            }
            await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                try ad.reject()
            }
            await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                try ad.reject(.outbid(winningPrice: 2.4, winner: "Other network"))
            }
            #expect(ad.wasShown && !ad.hasEnded && ad.invalidationReason == nil, "still on screen")

            // After didEnd too.
            fixture.harness.creatives.creative(for: ad)?.close()
            #expect(delegate.endReasons == [.closed])
            await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                try fixture.show(ad, in: otherView)
            }
            await fixture.expectSilentThrow([.alreadyShown], ads: [ad], delegates: [delegate], views: views) {
                try ad.reject()
            }
            #expect(ad.invalidationReason == nil, "a shown ad is never invalidated")
            await fixture.harness.flushEvents()
            #expect(!fixture.server.uniqueEvents.contains { $0.type == "reject" }, "no reject event was sent")
        }
    }

    // MARK: anotherAdShowing

    /// The ad on screen, the one tried, and whether both come from the same `VideoAds`.
    struct AnotherAdRow: Sendable, CustomTestStringConvertible {
        let onScreen: AdFormat
        let tried: AdFormat
        let sameVideoAds: Bool
        var testDescription: String {
            "[ERR-009]\(tried == .linear ? "[ERR-048]" : "[ERR-035]") \(tried) while a \(onScreen) of "
                + (sameVideoAds ? "the same VideoAds" : "another VideoAds") + " is on screen"
        }
    }

    @Test("[ERR-009][ERR-035][ERR-048] show while another ad is on screen throws anotherAdShowing; the ad stays ready and shows once the other ended",
          arguments: [
              AnotherAdRow(onScreen: .pause, tried: .overlay, sameVideoAds: true),
              AnotherAdRow(onScreen: .overlay, tried: .pause, sameVideoAds: false),
              AnotherAdRow(onScreen: .linear, tried: .pause, sameVideoAds: false),
              AnotherAdRow(onScreen: .pause, tried: .linear, sameVideoAds: false),
              AnotherAdRow(onScreen: .overlay, tried: .linear, sameVideoAds: true),
              AnotherAdRow(onScreen: .linear, tried: .linear, sameVideoAds: false),
          ])
    func anotherAdShowing(row: AnotherAdRow) async throws {
        try await Fixture.run { fixture in
            let firstAds = fixture.makeAds()
            let secondAds = row.sameVideoAds ? firstAds : fixture.makeAds()
            let (firstDelegate, secondDelegate) = (RecordingDelegate(), RecordingDelegate())
            let first = try await fixture.loadedAd(row.onScreen, from: firstAds, delegate: firstDelegate)
            let second = try await fixture.loadedAd(row.tried, from: secondAds, delegate: secondDelegate)
            let (firstView, secondView) = (HeadlessView(), HeadlessView())
            try fixture.show(first, in: firstView)

            await fixture.expectSilentThrow(
                [.anotherAdShowing], ads: [first, second], delegates: [firstDelegate, secondDelegate], views: [firstView, secondView]
            ) {
                try fixture.show(second, in: secondView)
            }
            #expect(second.isReady && !second.wasShown && second.invalidationReason == nil, "the ad stays ready")
            #expect(first.wasShown && !first.hasEnded, "the ad on screen is not disturbed")

            fixture.harness.creatives.creative(for: first)?.close()
            #expect(firstDelegate.endReasons == [.closed])
            #expect(second.isReady)
            try fixture.show(second, in: secondView)
            #expect(second.wasShown && !second.hasEnded)
            #expect(row.tried == .linear ? fixture.harness.presenter.current != nil : secondView.adFrame != nil)
        }
    }

    // MARK: contentPaused

    @Test("[ERR-012][ERR-043][ERR-044] show(in:) on an overlay over paused tracked content throws contentPaused; the ad stays ready and shows once the content plays")
    func contentPaused() async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let player = fixture.harness.makePlayer(isPlaying: false)
            ads.track(player)
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(.overlay, from: ads, delegate: delegate)
            let view = HeadlessView()
            await fixture.expectSilentThrow([.contentPaused], ads: [ad], delegates: [delegate], views: [view]) {
                try ad.show(in: view)
            }
            #expect(ad.isReady && !ad.wasShown)

            player.play()
            try ad.show(in: view)
            #expect(ad.wasShown && view.adFrame != nil)
            #expect(delegate.callbacks == [.impression(adId: ad.id)])
        }
    }

    // MARK: containerTooSmall

    /// A view the ad fits only below 50 % scale.
    struct TooSmallRow: Sendable, CustomTestStringConvertible {
        let format: AdFormat
        let label: String
        let size: CGSize
        let insets: VideoAdInsets
        var testDescription: String { "[ERR-013][ERR-042][ERR-044] \(format): \(label)" }
    }

    @Test("[ERR-013][ERR-042][ERR-044] show(in:) on a view the ad fits only below 50 % throws containerTooSmall(minimum:); the ad stays ready and shows in a view of that minimum",
          arguments: [
              TooSmallRow(format: .overlay, label: "150 pt wide", size: CGSize(width: 150, height: 844), insets: .zero),
              TooSmallRow(format: .overlay, label: "short, with a bottom inset of 80", size: CGSize(width: 390, height: 150),
                          insets: VideoAdInsets(top: 0, left: 0, bottom: 80, right: 0)),
              TooSmallRow(format: .pause, label: "140 pt wide", size: CGSize(width: 140, height: 844), insets: .zero),
              TooSmallRow(format: .pause, label: "short, with a bottom inset of 80", size: CGSize(width: 390, height: 250),
                          insets: VideoAdInsets(top: 0, left: 0, bottom: 80, right: 0)),
          ])
    func containerTooSmall(row: TooSmallRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(row.format, from: ads, delegate: delegate)
            let view = HeadlessView(size: row.size)
            let thrown = await fixture.expectSilentThrow(
                matching: { if case .containerTooSmall = $0 { true } else { false } },
                expected: "containerTooSmall(minimum:)",
                ads: [ad], delegates: [delegate], views: [view]
            ) {
                try ad.show(in: view, insets: row.insets)
            }
            #expect(ad.isReady && !ad.wasShown, "the ad stays ready")
            guard case .containerTooSmall(let minimum)? = thrown else { return }
            #expect(minimum.width > row.size.width || minimum.height > row.size.height, "minimum \(minimum) is larger than the view")

            // `minimum` is the smallest view that holds the ad, its safe area and the insets included.
            view.size = minimum
            try ad.show(in: view, insets: row.insets)
            #expect(ad.wasShown && view.adFrame != nil)
        }
    }

    // MARK: presenterUnavailable

    /// A view that cannot hold an overlay or pause ad.
    struct UnusableViewRow: Sendable, CustomTestStringConvertible {
        enum Problem: String, Sendable, CaseIterable {
            case notInWindow = "not in a window", zeroWidth = "zero width", zeroHeight = "zero height", hidden
        }
        let format: AdFormat
        let problem: Problem
        var testDescription: String {
            let id = switch problem {
            case .notInWindow: "[ERR-039]"
            case .zeroWidth, .zeroHeight: "[ERR-040]"
            case .hidden: "[ERR-041]"
            }
            return "[ERR-014]\(id)[ERR-044] \(format): \(problem.rawValue)"
        }

        static let all = [AdFormat.overlay, .pause].flatMap { format in Problem.allCases.map { UnusableViewRow(format: format, problem: $0) } }
    }

    @Test("[ERR-014][ERR-039][ERR-040][ERR-041][ERR-044] show(in:) a view not in a window, without area, or hidden throws presenterUnavailable; the ad stays ready and shows once the view is usable",
          arguments: UnusableViewRow.all)
    func unusableView(row: UnusableViewRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(row.format, from: ads, delegate: delegate)
            let view = HeadlessView()
            let usableSize = view.size
            switch row.problem {
            case .notInWindow: view.isInWindow = false
            case .zeroWidth: view.size.width = 0
            case .zeroHeight: view.size.height = 0
            case .hidden: view.isHidden = true
            }
            await fixture.expectSilentThrow([.presenterUnavailable], ads: [ad], delegates: [delegate], views: [view]) {
                try ad.show(in: view)
            }
            #expect(ad.isReady && !ad.wasShown, "the ad stays ready")

            view.isInWindow = true
            view.isHidden = false
            view.size = usableSize
            try ad.show(in: view)
            #expect(ad.wasShown && view.adFrame != nil)
        }
    }

    /// Nothing can present a linear ad.
    struct NoPresenterRow: Sendable, CustomTestStringConvertible {
        let givenPresenter: Bool
        var testDescription: String {
            "[ERR-014][ERR-052] " + (givenPresenter ? "show(from:) a presenter that cannot present" : "show() with no view controller able to present")
        }
    }

    @Test("[ERR-014][ERR-052] show(from:) with nothing able to present throws presenterUnavailable; the ad stays ready and a later show(from:) succeeds",
          arguments: [NoPresenterRow(givenPresenter: false), NoPresenterRow(givenPresenter: true)])
    func noPresenter(row: NoPresenterRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(.linear, from: ads, delegate: delegate)
            let given = HeadlessPresenter(isAvailable: false)
            if !row.givenPresenter { fixture.harness.presenter.isAvailable = false }
            await fixture.expectSilentThrow([.presenterUnavailable], ads: [ad], delegates: [delegate]) {
                if row.givenPresenter { try ad.show(from: given) } else { try ad.show() }
            }
            #expect(given.presentCount == 0 && given.current == nil)
            #expect(ad.isReady && !ad.wasShown, "the ad stays ready")

            if row.givenPresenter {
                given.isAvailable = true
                try ad.show(from: given)
                #expect(given.current != nil)
            } else {
                fixture.harness.presenter.isAvailable = true
                try ad.show()
                #expect(fixture.harness.presenter.current != nil)
            }
            #expect(ad.wasShown && !ad.hasEnded)
        }
    }

    // MARK: wrongPresentation

    /// A presentation call that does not fit the ad's format.
    struct WrongPresentationRow: Sendable, CustomTestStringConvertible {
        enum Call: String, Sendable {
            case overlayShowFrom = "show() on an overlay"
            case pauseShowFrom = "show(from:) on a pause ad"
            case linearShowIn = "show(in:) on a linear ad"
            case linearDismissUnshown = "dismiss() on an unshown linear ad"
            case linearDismissShown = "dismiss() on a linear ad on screen"
        }
        let call: Call
        var format: AdFormat {
            switch call {
            case .overlayShowFrom: .overlay
            case .pauseShowFrom: .pause
            case .linearShowIn, .linearDismissUnshown, .linearDismissShown: .linear
            }
        }
        var testDescription: String {
            let id = switch call {
            case .overlayShowFrom, .pauseShowFrom: "[ERR-053]"
            case .linearShowIn: "[ERR-045]"
            case .linearDismissUnshown, .linearDismissShown: "[ERR-054]"
            }
            return "[ERR-015]\(id) \(call.rawValue)"
        }
    }

    @Test("[ERR-015][ERR-045][ERR-053][ERR-054] show(from:) on an overlay or pause ad, show(in:) or dismiss() on a linear ad throw wrongPresentation, changing nothing",
          arguments: [
              WrongPresentationRow(call: .overlayShowFrom), WrongPresentationRow(call: .pauseShowFrom),
              WrongPresentationRow(call: .linearShowIn), WrongPresentationRow(call: .linearDismissUnshown),
              WrongPresentationRow(call: .linearDismissShown),
          ])
    func wrongPresentation(row: WrongPresentationRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let delegate = RecordingDelegate()
            let ad = try await fixture.loadedAd(row.format, from: ads, delegate: delegate)
            let view = HeadlessView()
            if row.call == .linearDismissShown { try ad.show() }
            await fixture.expectSilentThrow([.wrongPresentation], ads: [ad], delegates: [delegate], views: [view]) {
                switch row.call {
                case .overlayShowFrom: try ad.show()
                case .pauseShowFrom: try ad.show(from: fixture.harness.presenter)
                case .linearShowIn: try ad.show(in: view)
                case .linearDismissUnshown, .linearDismissShown: try ad.dismiss()
                }
            }
            switch row.call {
            case .linearDismissShown:
                #expect(ad.wasShown && !ad.hasEnded, "dismiss() does not end a linear ad")
                #expect(delegate.endReasons.isEmpty)
                #expect(fixture.harness.presenter.current != nil)
                // Still throws once the ad ended.
                fixture.harness.creatives.creative(for: ad)?.close()
                #expect(delegate.endReasons == [.closed])
                await fixture.expectSilentThrow([.wrongPresentation], ads: [ad], delegates: [delegate]) { try ad.dismiss() }
            default:
                // The ad stays ready for the right call.
                #expect(ad.isReady && !ad.wasShown)
                try fixture.show(ad, in: view)
                #expect(ad.wasShown)
            }
        }
    }
}
