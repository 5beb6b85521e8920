import Foundation
import Testing
@testable import KontextVideoPresentation

@Suite("AdLayout")
struct AdLayoutTests {
    struct Fits: Sendable, CustomTestStringConvertible {
        var name: String
        var need: (CGFloat, CGFloat, CreativeSizeNeeds.Kind)
        var host: HostSnapshot
        var insets: VideoAdInsets = .zero
        var frame: CGRect
        var scale: CGFloat
        var testDescription: String { name }
    }

    static let fitCases: [Fits] = [
        Fits(name: "strip at the bottom of the safe area", need: (320, 50, .overlayStrip), host: portrait,
             frame: CGRect(x: 35, y: 760, width: 320, height: 50), scale: 1),
        Fits(name: "strip 80 points above the safe area's edge", need: (320, 50, .overlayStrip), host: portrait,
             insets: VideoAdInsets(bottom: 80), frame: CGRect(x: 35, y: 680, width: 320, height: 50), scale: 1),
        Fits(name: "strip centred between uneven side insets", need: (200, 40, .overlayStrip),
             host: HostSnapshot(size: CGSize(width: 400, height: 300)), insets: VideoAdInsets(left: 100, right: 20),
             frame: CGRect(x: 140, y: 260, width: 200, height: 40), scale: 1),
        Fits(name: "card centred in the available area", need: (300, 250, .pauseCard), host: portrait,
             frame: CGRect(x: 45, y: 303.5, width: 300, height: 250), scale: 1),
        Fits(name: "card centred with insets", need: (100, 100, .pauseCard),
             host: HostSnapshot(size: CGSize(width: 400, height: 400)), insets: VideoAdInsets(top: 100, left: 0, bottom: 0, right: 100),
             frame: CGRect(x: 100, y: 200, width: 100, height: 100), scale: 1),
        Fits(name: "card scaled down to the tighter axis", need: (600, 400, .pauseCard),
             host: HostSnapshot(size: CGSize(width: 400, height: 300)),
             frame: CGRect(x: 0, y: 150 - 400 * (2.0 / 3) / 2, width: 400, height: 400 * (2.0 / 3)), scale: 2.0 / 3),
        Fits(name: "never enlarged", need: (100, 20, .overlayStrip), host: HostSnapshot(size: CGSize(width: 2000, height: 2000)),
             frame: CGRect(x: 950, y: 1980, width: 100, height: 20), scale: 1),
        Fits(name: "exactly 50 %", need: (640, 100, .overlayStrip), host: HostSnapshot(size: CGSize(width: 320, height: 400)),
             frame: CGRect(x: 0, y: 350, width: 320, height: 50), scale: 0.5),
        Fits(name: "exactly 50 % after safe area and insets", need: (640, 100, .overlayStrip),
             host: HostSnapshot(size: CGSize(width: 400, height: 400), safeAreaInsets: VideoAdInsets(left: 30, right: 30)),
             insets: VideoAdInsets(left: 10, right: 10), frame: CGRect(x: 40, y: 350, width: 320, height: 50), scale: 0.5),
        Fits(name: "50 % lost to rounding still fits", need: (0.1 + 0.2 + 0.3, 0.1, .pauseCard),
             host: HostSnapshot(size: CGSize(width: 0.3, height: 1)),
             frame: CGRect(x: 0.15 - (0.1 + 0.2 + 0.3) * 0.25, y: 0.475, width: (0.1 + 0.2 + 0.3) * 0.5, height: 0.05), scale: 0.5),
        Fits(name: "full-screen pause fills the safe area, ignoring insets", need: (640, 360, .fullScreenPause), host: portrait,
             insets: VideoAdInsets(top: 500, left: 500, bottom: 500, right: 500),
             frame: CGRect(x: 0, y: 47, width: 390, height: 763), scale: 390.0 / 640),
        Fits(name: "full-screen pause in landscape", need: (640, 360, .fullScreenPause), host: landscape,
             frame: CGRect(x: 47, y: 0, width: 750, height: 369), scale: 1),
        Fits(name: "negative and NaN insets count as 0", need: (320, 50, .overlayStrip), host: portrait,
             insets: VideoAdInsets(top: .nan, left: -50, bottom: -80, right: .infinity),
             frame: CGRect(x: 35, y: 760, width: 320, height: 50), scale: 1),
        Fits(name: "garbage safe area counts as 0", need: (320, 50, .overlayStrip),
             host: HostSnapshot(size: CGSize(width: 390, height: 844), safeAreaInsets: VideoAdInsets(top: .nan, bottom: -.infinity)),
             frame: CGRect(x: 35, y: 794, width: 320, height: 50), scale: 1),
        Fits(name: "huge finite view", need: (320, 50, .overlayStrip),
             host: HostSnapshot(size: CGSize(width: 1e300, height: 1e300)),
             frame: CGRect(x: 5e299 - 160, y: 1e300 - 50, width: 320, height: 50), scale: 1),
    ]

    @Test(arguments: fitCases)
    func places(_ row: Fits) throws {
        let need = try needs(row.need.0, row.need.1, row.need.2)
        let placement = try AdLayout.place(need, in: row.host, insets: row.insets).get()
        #expect(abs(placement.scale - row.scale) < 1e-12)
        #expect(approximatelyEqual(placement.frame, row.frame), "\(placement.frame) ≠ \(row.frame)")
        // A strip or card keeps its aspect ratio; a full-screen pause ad takes the frame given.
        if need.kind != .fullScreenPause {
            #expect(abs(placement.frame.width - need.width * placement.scale) < 1e-6)
            #expect(abs(placement.frame.height - need.height * placement.scale) < 1e-6)
        }
    }

    struct Fails: Sendable, CustomTestStringConvertible {
        var name: String
        var need: (CGFloat, CGFloat, CreativeSizeNeeds.Kind)
        var host: HostSnapshot
        var insets: VideoAdInsets = .zero
        var failure: LayoutFailure
        var testDescription: String { name }
    }

    static let failCases: [Fails] = [
        Fails(name: "not in a window", need: (320, 50, .overlayStrip),
              host: HostSnapshot(size: CGSize(width: 390, height: 844), isInWindow: false), failure: .presenterUnavailable),
        Fails(name: "hidden", need: (320, 50, .pauseCard),
              host: HostSnapshot(size: CGSize(width: 390, height: 844), isHidden: true), failure: .presenterUnavailable),
        Fails(name: "zero size", need: (320, 50, .overlayStrip), host: HostSnapshot(size: .zero), failure: .presenterUnavailable),
        Fails(name: "zero width", need: (320, 50, .overlayStrip), host: HostSnapshot(size: CGSize(width: 0, height: 500)),
              failure: .presenterUnavailable),
        Fails(name: "zero height", need: (320, 50, .fullScreenPause), host: HostSnapshot(size: CGSize(width: 500, height: 0)),
              failure: .presenterUnavailable),
        Fails(name: "negative size", need: (320, 50, .overlayStrip), host: HostSnapshot(size: CGSize(width: -390, height: 844)),
              failure: .presenterUnavailable),
        Fails(name: "NaN size", need: (320, 50, .overlayStrip), host: HostSnapshot(size: CGSize(width: CGFloat.nan, height: 844)),
              failure: .presenterUnavailable),
        Fails(name: "infinite size", need: (320, 50, .pauseCard), host: HostSnapshot(size: CGSize(width: CGFloat.infinity, height: CGFloat.infinity)),
              failure: .presenterUnavailable),
        Fails(name: "just under 50 %", need: (640, 100, .overlayStrip), host: HostSnapshot(size: CGSize(width: 319.999, height: 400)),
              failure: .containerTooSmall(minimum: CGSize(width: 320, height: 50))),
        Fails(name: "just under 50 % on height, width fits", need: (300, 250, .pauseCard),
              host: HostSnapshot(size: CGSize(width: 1000, height: 124.9)),
              failure: .containerTooSmall(minimum: CGSize(width: 150, height: 125))),
        Fails(name: "minimum includes safe area and insets", need: (640, 100, .overlayStrip),
              host: HostSnapshot(size: CGSize(width: 300, height: 844), safeAreaInsets: VideoAdInsets(top: 47, bottom: 34)),
              insets: VideoAdInsets(left: 8, bottom: 80, right: 8),
              failure: .containerTooSmall(minimum: CGSize(width: 336, height: 211))),
        Fails(name: "insets larger than the view", need: (320, 50, .overlayStrip),
              host: HostSnapshot(size: CGSize(width: 320, height: 200)), insets: VideoAdInsets(bottom: 300),
              failure: .containerTooSmall(minimum: CGSize(width: 160, height: 325))),
        Fails(name: "safe area larger than the view", need: (320, 50, .pauseCard),
              host: HostSnapshot(size: CGSize(width: 320, height: 200), safeAreaInsets: VideoAdInsets(left: 400)),
              failure: .containerTooSmall(minimum: CGSize(width: 560, height: 25))),
        Fails(name: "full-screen pause too small, insets not counted", need: (640, 360, .fullScreenPause),
              host: HostSnapshot(size: CGSize(width: 300, height: 844), safeAreaInsets: VideoAdInsets(top: 47, bottom: 34)),
              insets: VideoAdInsets(top: 100, left: 100, bottom: 100, right: 100),
              failure: .containerTooSmall(minimum: CGSize(width: 320, height: 261))),
        Fails(name: "huge creative", need: (1e300, 50, .overlayStrip), host: portrait,
              failure: .containerTooSmall(minimum: CGSize(width: 5e299, height: 106))),
    ]

    @Test(arguments: failCases)
    func reportsFailure(_ row: Fails) throws {
        let need = try needs(row.need.0, row.need.1, row.need.2)
        let result = AdLayout.place(need, in: row.host, insets: row.insets)
        #expect(throws: row.failure) { try result.get() }
    }

    /// `minimum` is exact: a view of that size (same safe area and insets) fits at 50 % or
    /// more, and one a point (or a millionth, for huge sizes) smaller on either axis does not.
    @Test(arguments: failCases.filter { if case .containerTooSmall = $0.failure { true } else { false } })
    func minimumIsTheSmallestViewThatFits(_ row: Fails) throws {
        let need = try needs(row.need.0, row.need.1, row.need.2)
        guard case .containerTooSmall(let minimum) = row.failure else { return }
        var host = row.host
        host.size = minimum
        let placement = try AdLayout.place(need, in: host, insets: row.insets).get()
        #expect(placement.scale >= AdLayout.minimumScale)
        func less(_ value: CGFloat) -> CGFloat { min(value - 1, value * (1 - 1e-6)) }
        for shrunk in [CGSize(width: less(minimum.width), height: minimum.height), CGSize(width: minimum.width, height: less(minimum.height))] {
            host.size = shrunk
            guard case .failure(.containerTooSmall) = AdLayout.place(need, in: host, insets: row.insets) else {
                Issue.record("\(shrunk) should be too small for \(row.name)")
                continue
            }
        }
    }

    @Test func rotationKeepsTheStripAboveTheSafeAreaAndInsets() throws {
        let strip = try needs(320, 50, .overlayStrip)
        let insets = VideoAdInsets(bottom: 20)
        let upright = try AdLayout.place(strip, in: portrait, insets: insets).get()
        let turned = try AdLayout.place(strip, in: landscape, insets: insets).get()
        #expect(upright.frame == CGRect(x: 35, y: 740, width: 320, height: 50))
        #expect(turned.frame == CGRect(x: 262, y: 299, width: 320, height: 50))
        let back = try AdLayout.place(strip, in: portrait, insets: insets).get()
        #expect(back == upright)
    }
}
