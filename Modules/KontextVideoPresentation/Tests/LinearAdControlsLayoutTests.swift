import Foundation
import Testing
@testable import KontextVideoPresentation

/// The linear ad's controls: inside the safe area, big enough to press, growing with the
/// viewer's text size, titled and spoken from one table, read by VoiceOver in screen order.
@Suite("Linear ad controls")
struct LinearAdControlsLayoutTests {
    static let video = LinearAdControls(skip: .countdown(seconds: 5), showsAdBadge: true, secondsLeft: 12, showsResume: true)
    static let skippable = LinearAdControls(skip: .available, showsAdBadge: true, secondsLeft: 9)
    static let endCard = LinearAdControls(showsClose: true)

    struct Screen: Sendable, CustomTestStringConvertible {
        var name: String
        var snapshot: HostSnapshot
        var metrics: LinearAdControlsLayout.Metrics = .touch
        var testDescription: String { name }
    }

    static let screens: [Screen] = [
        Screen(name: "iPhone portrait", snapshot: portrait),
        Screen(name: "iPhone landscape", snapshot: landscape),
        Screen(name: "no safe area", snapshot: HostSnapshot(size: CGSize(width: 1024, height: 768))),
        Screen(name: "Apple TV", snapshot: HostSnapshot(size: CGSize(width: 1920, height: 1080),
                                                       safeAreaInsets: VideoAdInsets(top: 60, left: 80, bottom: 60, right: 80)),
               metrics: .television),
    ]

    /// The safe area, minus the margin.
    static func usable(_ screen: Screen) -> CGRect {
        let inset = screen.snapshot.safeAreaInsets
        let margin = screen.metrics.margin
        return CGRect(x: inset.left + margin, y: inset.top + margin,
                      width: screen.snapshot.size.width - inset.horizontal - 2 * margin,
                      height: screen.snapshot.size.height - inset.vertical - 2 * margin)
    }

    @Test("every control is inside the safe area; pressable ones are at least the minimum target", arguments: screens)
    func insideTheSafeArea(_ screen: Screen) throws {
        for controls in [Self.video, Self.skippable, Self.endCard] {
            for textScale: CGFloat in [1, 1.5, 3.1] {
                let layout = LinearAdControlsLayout(size: screen.snapshot.size, safeArea: screen.snapshot.safeAreaInsets,
                                                    controls: controls, metrics: screen.metrics, textScale: textScale)
                for control in controls.accessibilityOrder {
                    let frame = try #require(layout.frame(of: control), "\(control) shows")
                    #expect(Self.usable(screen).contains(frame), "\(control) at \(frame) in \(screen.name), text ×\(textScale)")
                    if control.isPressable(in: controls) || control == .skip {
                        #expect(frame.width >= screen.metrics.minimumTarget && frame.height >= screen.metrics.minimumTarget,
                                "\(control) is \(frame.size)")
                    }
                }
                for control in LinearAdControl.allCases where !controls.accessibilityOrder.contains(control) {
                    #expect(layout.frame(of: control) == nil, "\(control) does not show")
                }
            }
        }
    }

    @Test("the screen the SDK is built for: a television's sizes on tvOS, a touch screen's elsewhere")
    func currentMetrics() {
        #if os(tvOS)
        #expect(LinearAdControlsLayout.Metrics.current == .television)
        #else
        #expect(LinearAdControlsLayout.Metrics.current == .touch)
        #expect(LinearAdControlsLayout.Metrics.current.minimumTarget == 44)
        #endif
    }

    @Test("each control in its corner: badge top left, ✕ top right, Resume centred, Skip bottom right")
    func corners() throws {
        let size = portrait.size
        let area = Self.usable(Self.screens[0])
        let layout = LinearAdControlsLayout(size: size, safeArea: portrait.safeAreaInsets, controls: Self.video)
        let badge = try #require(layout.badgeFrame), skip = try #require(layout.skipFrame), resume = try #require(layout.resumeFrame)
        #expect(badge.origin == area.origin)
        #expect(skip.maxX == area.maxX && skip.maxY == area.maxY)
        #expect(abs(resume.midX - area.midX) < 1e-9 && abs(resume.midY - area.midY) < 1e-9)
        let close = try #require(LinearAdControlsLayout(size: size, safeArea: portrait.safeAreaInsets, controls: Self.endCard).closeFrame)
        #expect(close.maxX == area.maxX && close.minY == area.minY)
        #expect(close.width == 44 && close.height == 44, "the ✕ was 28 pt; the minimum hit target is 44")
        // The safe area is what moves them: 47 pt of notch, 34 of home indicator, 16 of margin.
        #expect(badge.minY == 63)
        #expect(skip.maxY == CGFloat(844 - 34 - 16))
    }

    @Test("Dynamic Type: the text grows, the buttons with it; Skip keeps one width through its countdown")
    func dynamicType() throws {
        let regular = LinearAdControlsLayout(size: portrait.size, safeArea: portrait.safeAreaInsets, controls: Self.video)
        let large = LinearAdControlsLayout(size: portrait.size, safeArea: portrait.safeAreaInsets, controls: Self.video, textScale: 2)
        #expect(regular.fontSize == 17)
        #expect(large.fontSize == 34)
        let regularSkip = try #require(regular.skipFrame), largeSkip = try #require(large.skipFrame)
        #expect(largeSkip.width > regularSkip.width && largeSkip.height > regularSkip.height)
        let available = LinearAdControlsLayout(size: portrait.size, safeArea: portrait.safeAreaInsets, controls: Self.skippable)
        #expect(available.skipFrame == regular.skipFrame, "'Skip' sits where 'Skip in 5' was")
        for odd: CGFloat in [0, -1, .nan, .infinity] {
            #expect(LinearAdControlsLayout(size: portrait.size, safeArea: portrait.safeAreaInsets, controls: Self.video, textScale: odd).fontSize == 17)
        }
        #expect(LinearAdControlsLayout(size: portrait.size, safeArea: .zero, controls: Self.video, textScale: 50).fontSize == CGFloat(17 * 4))
    }

    @Test("a huge title never makes a control wider than the safe area")
    func clamped() throws {
        var texts = AdControlTexts.standard
        texts.resume = String(repeating: "Resume ", count: 40)
        let layout = LinearAdControlsLayout(size: landscape.size, safeArea: landscape.safeAreaInsets, controls: Self.video, texts: texts)
        let resume = try #require(layout.resumeFrame)
        #expect(Self.usable(Self.screens[1]).contains(resume))
    }

    @Test("a surface with no area or garbage measures places nothing outside it and never crashes")
    func garbage() {
        for size in [CGSize.zero, CGSize(width: -10, height: 50), CGSize(width: CGFloat.nan, height: .infinity)] {
            let layout = LinearAdControlsLayout(size: size, safeArea: VideoAdInsets(top: .nan, bottom: -5), controls: Self.video)
            for control in Self.video.accessibilityOrder {
                let frame = layout.frame(of: control)
                #expect(frame.map { $0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite && $0.height.isFinite } == true)
            }
        }
    }

    @Test("titles and VoiceOver labels come from one table")
    func texts() {
        let texts = AdControlTexts.standard
        #expect(texts.title(of: .skip, in: Self.video) == "Skip in 5")
        #expect(texts.title(of: .skip, in: Self.skippable) == "Skip")
        #expect(texts.title(of: .adBadge, in: Self.video) == "Ad · 0:12")
        #expect(texts.title(of: .adBadge, in: LinearAdControls(showsAdBadge: true, secondsLeft: 75)) == "Ad · 1:15")
        #expect(texts.title(of: .adBadge, in: LinearAdControls(showsAdBadge: true)) == "Ad")
        #expect(texts.title(of: .resume, in: Self.video) == "Resume")
        #expect(texts.title(of: .close, in: Self.endCard) == "✕")
        #expect(texts.title(of: .close, in: Self.video) == nil)
        #expect(texts.accessibilityLabel(of: .skip, in: Self.video) == "You can skip the ad in 5 seconds")
        #expect(texts.accessibilityLabel(of: .skip, in: Self.skippable) == "Skip ad")
        #expect(texts.accessibilityLabel(of: .adBadge, in: Self.video) == "Advertisement, 12 seconds left")
        #expect(texts.accessibilityLabel(of: .resume, in: Self.video) == "Resume the ad")
        #expect(texts.accessibilityLabel(of: .close, in: Self.endCard) == "Close ad")
        #expect(texts.skipAvailableAnnouncement == "You can skip the ad now")
        #expect(AdControlTexts.minutesAndSeconds(-3) == "0:00")
        #expect(AdControlTexts.minutesAndSeconds(600) == "10:00")
    }

    @Test("VoiceOver reads the controls in screen order; a countdown is read but cannot be pressed")
    func order() {
        #expect(Self.video.accessibilityOrder == [.adBadge, .resume, .skip])
        #expect(Self.endCard.accessibilityOrder == [.close])
        #expect(LinearAdControls(skip: .available, showsAdBadge: true, showsResume: true, showsClose: true).accessibilityOrder
                == [.adBadge, .close, .resume, .skip])
        #expect(!LinearAdControl.skip.isPressable(in: Self.video))
        #expect(LinearAdControl.skip.isPressable(in: Self.skippable))
        #expect(!LinearAdControl.adBadge.isPressable(in: Self.video))
    }

    @Test("the focus engine goes to Resume, else Skip once it can be pressed, else ✕; nothing during a countdown")
    func focus() {
        #expect(Self.video.preferredFocus == .resume)
        #expect(Self.skippable.preferredFocus == .skip)
        #expect(Self.endCard.preferredFocus == .close)
        #expect(LinearAdControls(skip: .countdown(seconds: 3), showsAdBadge: true).preferredFocus == nil)
        #expect(LinearAdControls.none.preferredFocus == nil)
    }
}
