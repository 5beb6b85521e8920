import Foundation

/// Where a linear ad's controls go on its full-screen surface: pure math on the surface's size,
/// its safe area, the controls that show, their texts and the viewer's text size.
///
/// Every control sits inside the safe area (sanitized as `VideoAdInsets.sanitized` does) and
/// `metrics.margin` in from it: the "Ad" badge top left, ✕ top right, Resume in the middle, Skip
/// bottom right — clear of rounded corners, the notch, the home indicator and a TV's overscan.
/// A control the viewer presses is at least `metrics.minimumTarget` on both axes (44 pt on a
/// touch screen, Apple's minimum hit target); one with a title is as wide as the title needs
/// at the viewer's text size, never wider than the safe area. The text size is
/// `metrics.textSize × textScale`, where `textScale` is Dynamic Type's factor (1 at the
/// default size; a non-finite or non-positive factor counts as 1, and it is kept within
/// 0.5…4). Titles are measured by an estimate (`averageGlyphWidth` of the text size per
/// character); the platform draws them to fit the frame.
package struct LinearAdControlsLayout: Sendable, Hashable {
    /// The sizes of one kind of screen.
    package struct Metrics: Sendable, Hashable {
        /// The smallest width and height of a control the viewer presses, in points.
        package var minimumTarget: CGFloat
        /// The gap between a control and the safe area's edge.
        package var margin: CGFloat
        /// The text size at the default Dynamic Type size, in points.
        package var textSize: CGFloat
        /// Space around a title inside its control.
        package var padding: CGFloat

        /// A touch screen (iPhone, iPad): 44 pt hit targets, 17 pt text (Apple's default size),
        /// per the Human Interface Guidelines (developer.apple.com/design/human-interface-guidelines/accessibility,
        /// /typography).
        package static let touch = Metrics(minimumTarget: 44, margin: 16, textSize: 17, padding: 12)
        /// A television (tvOS): 29 pt text (Apple's default size there), controls reached by
        /// focus and sized for the room; the safe area already holds the overscan margins.
        package static let television = Metrics(minimumTarget: 66, margin: 0, textSize: 29, padding: 20)

        /// The sizes of the screen the SDK is built for: `television` on tvOS, else `touch`.
        package static var current: Metrics {
            #if os(tvOS)
            .television
            #else
            .touch
            #endif
        }
    }

    /// A character's average width, as a share of the text size (an estimate for the system font).
    package static let averageGlyphWidth: CGFloat = 0.6
    /// A line's height, as a share of the text size.
    package static let lineHeight: CGFloat = 1.25
    /// The text scale's bounds.
    package static let textScaleRange: ClosedRange<CGFloat> = 0.5...4

    /// The "Ad" badge's frame, when it shows.
    package let badgeFrame: CGRect?
    /// Skip's (or its countdown's) frame, when it shows.
    package let skipFrame: CGRect?
    /// Resume's frame, when it shows.
    package let resumeFrame: CGRect?
    /// ✕'s frame, when it shows.
    package let closeFrame: CGRect?
    /// The size of the titles' text, in points (Dynamic Type applied).
    package let fontSize: CGFloat

    /// Lays out `controls` on a surface of `size` with its `safeArea`.
    package init(
        size: CGSize,
        safeArea: VideoAdInsets,
        controls: LinearAdControls,
        texts: AdControlTexts = .standard,
        metrics: Metrics = .touch,
        textScale: CGFloat = 1
    ) {
        let scale = textScale.isFinite && textScale > 0
            ? min(max(textScale, Self.textScaleRange.lowerBound), Self.textScaleRange.upperBound) : 1
        let fontSize = metrics.textSize * scale
        self.fontSize = fontSize
        let inset = safeArea.sanitized
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        let area = CGRect(
            x: inset.left + metrics.margin,
            y: inset.top + metrics.margin,
            width: max(0, width - inset.horizontal - 2 * metrics.margin),
            height: max(0, height - inset.vertical - 2 * metrics.margin))
        let lineHeight = (fontSize * Self.lineHeight).rounded(.up)

        func buttonSize(_ title: String) -> CGSize {
            let textWidth = (CGFloat(title.count) * Self.averageGlyphWidth * fontSize).rounded(.up)
            let targetWidth = max(metrics.minimumTarget, textWidth + 2 * metrics.padding)
            return CGSize(width: min(targetWidth, max(area.width, metrics.minimumTarget)),
                          height: max(metrics.minimumTarget, lineHeight + metrics.padding))
        }

        badgeFrame = texts.title(of: .adBadge, in: controls).map { title in
            let textWidth = (CGFloat(title.count) * Self.averageGlyphWidth * fontSize).rounded(.up)
            let badge = CGSize(width: min(textWidth + metrics.padding, max(area.width, 0)), height: lineHeight + metrics.padding / 2)
            return CGRect(origin: area.origin, size: badge)
        }
        closeFrame = texts.title(of: .close, in: controls).map { _ in
            let side = max(metrics.minimumTarget, lineHeight + metrics.padding)
            return CGRect(x: max(area.minX, area.maxX - side), y: area.minY, width: side, height: side)
        }
        resumeFrame = texts.title(of: .resume, in: controls).map { title in
            let button = buttonSize(title)
            return CGRect(x: area.midX - button.width / 2, y: area.midY - button.height / 2, width: button.width, height: button.height)
        }
        skipFrame = texts.title(of: .skip, in: controls).map { title in
            // Sized for its widest title ("Skip in 10" and "Skip" share one frame), so it does
            // not jump as the countdown ends.
            let widest = [title, texts.skip, texts.title(of: .skip, in: LinearAdControls(skip: .countdown(seconds: 10))) ?? title]
                .max { $0.count < $1.count } ?? title
            let button = buttonSize(widest)
            return CGRect(x: max(area.minX, area.maxX - button.width), y: max(area.minY, area.maxY - button.height),
                          width: button.width, height: button.height)
        }
    }

    /// The frame of `control`, when it shows.
    package func frame(of control: LinearAdControl) -> CGRect? {
        switch control {
        case .adBadge: badgeFrame
        case .skip: skipFrame
        case .resume: resumeFrame
        case .close: closeFrame
        }
    }
}
