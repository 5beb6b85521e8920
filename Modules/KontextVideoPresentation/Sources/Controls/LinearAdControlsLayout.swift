import Foundation

/// Where a linear ad's controls go on its full-screen surface, and at what text size: pure math
/// on the surface's size, its safe area, the controls that show, their texts and the viewer's
/// text size.
///
/// **Places.** Every control sits inside the safe area (sanitized as `VideoAdInsets.sanitized`
/// does) and `metrics.margin` in from it: the "Ad" badge in the top leading corner, ✕ in the top
/// trailing one, Resume in the middle, Skip in the bottom trailing corner — clear of rounded
/// corners, the notch, the home indicator and a TV's overscan. Leading is left and trailing right
/// in a left-to-right language; in Arabic and Hebrew (`AdControlDirection.rightToLeft`, the
/// texts' own by default) the whole layout mirrors inside the safe area — the badge top right,
/// ✕ top left, Skip bottom left — as Apple's Human Interface Guidelines ask of an interface in a
/// right-to-left language ("Right to left": flip the layout so controls sit where the reading
/// order expects them; a ✕ and a "next" action belong at the trailing side).
///
/// **Sizes.** A control the viewer presses is at least `metrics.minimumTarget` on both axes (44 pt
/// on a touch screen, 66 on a television); one with a title is as wide as the title needs at its
/// text size, never wider than the room it has (the safe area's width; the badge's, less ✕ and a
/// gap when ✕ shows). The viewer's text size is `metrics.textSize × textScale`, where `textScale`
/// is Dynamic Type's factor (1 at the default size; a non-finite or non-positive factor counts as
/// 1, and it is kept within 0.5…4).
///
/// **Fitting a title.** There is no font engine here, so a title's width is estimated
/// (`estimatedWidth(of:fontSize:)`: `wideGlyphWidth` of the text size for a CJK or Hangul
/// character, `averageGlyphWidth` for any other). A title that fits its room at the viewer's size
/// keeps it. One that does not shrinks until it fits, but never below `minimumTextScale` of the
/// viewer's size nor below `metrics.minimumTextSize` (unless the viewer's size is smaller still);
/// if it does not fit even there, it keeps that size and is truncated at its end with "…"
/// (`TitleFit.truncates`; the platform truncates by real measurement, and VoiceOver always reads
/// the whole label). Skip is sized and fitted for the widest of its titles, so neither its frame
/// nor its text size jumps as the countdown ends.
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
        /// The smallest size a title shrinks to before it is truncated, in points: Apple's
        /// smallest legible size (11 pt on a touch screen; 23 pt on a television, its smallest style).
        package var minimumTextSize: CGFloat

        /// A touch screen (iPhone, iPad): 44 pt hit targets, 17 pt text (Apple's default size),
        /// per the Human Interface Guidelines (developer.apple.com/design/human-interface-guidelines/accessibility,
        /// /typography).
        package static let touch = Metrics(minimumTarget: 44, margin: 16, textSize: 17, padding: 12, minimumTextSize: 11)
        /// A television (tvOS): 29 pt text (Apple's default size there), controls reached by
        /// focus and sized for the room; the safe area already holds the overscan margins.
        package static let television = Metrics(minimumTarget: 66, margin: 0, textSize: 29, padding: 20, minimumTextSize: 23)

        /// The sizes of the screen the SDK is built for: `television` on tvOS, else `touch`.
        package static var current: Metrics {
            #if os(tvOS)
            .television
            #else
            .touch
            #endif
        }
    }

    /// How a title fits its control: the size it is drawn at, and whether it is cut short.
    package struct TitleFit: Sendable, Hashable {
        /// The title's text size, in points: the viewer's, or smaller to fit.
        package var fontSize: CGFloat
        /// Whether the title is still too wide at that size, and is truncated at its end.
        package var truncates: Bool
    }

    /// A character's average width, as a share of the text size (an estimate for the system font).
    package static let averageGlyphWidth: CGFloat = 0.6
    /// A CJK ideograph's, kana's or Hangul syllable's width, as a share of the text size: a full em.
    package static let wideGlyphWidth: CGFloat = 1
    /// A line's height, as a share of the text size.
    package static let lineHeight: CGFloat = 1.25
    /// The text scale's bounds.
    package static let textScaleRange: ClosedRange<CGFloat> = 0.5...4
    /// The smallest share of the viewer's text size a title shrinks to before it is truncated
    /// (UIKit's usual `minimumScaleFactor`).
    package static let minimumTextScale: CGFloat = 0.5

    /// The "Ad" badge's frame, when it shows.
    package let badgeFrame: CGRect?
    /// Skip's (or its countdown's) frame, when it shows.
    package let skipFrame: CGRect?
    /// Resume's frame, when it shows.
    package let resumeFrame: CGRect?
    /// ✕'s frame, when it shows.
    package let closeFrame: CGRect?
    /// The viewer's text size, in points (Dynamic Type applied); a title drawn smaller says so in
    /// its `titleFit(of:)`.
    package let fontSize: CGFloat
    /// The smallest size a title shrinks to before it is truncated (the fit rule's floor).
    package let smallestFontSize: CGFloat
    /// Which way the controls run.
    package let direction: AdControlDirection
    /// How each shown control's title fits.
    private let fits: [LinearAdControl: TitleFit]

    /// Lays out `controls` on a surface of `size` with its `safeArea`.
    /// - Parameters:
    ///   - size: The surface's size, in points.
    ///   - safeArea: Its safe area's insets.
    ///   - controls: What shows.
    ///   - texts: Their titles; their locale's direction is the layout's unless `direction` says otherwise.
    ///   - metrics: The screen's sizes.
    ///   - textScale: Dynamic Type's factor.
    ///   - direction: Which way the layout runs; `nil` for the texts' own.
    package init(
        size: CGSize,
        safeArea: VideoAdInsets,
        controls: LinearAdControls,
        texts: AdControlTexts = .standard,
        metrics: Metrics = .touch,
        textScale: CGFloat = 1,
        direction: AdControlDirection? = nil
    ) {
        let scale = textScale.isFinite && textScale > 0
            ? min(max(textScale, Self.textScaleRange.lowerBound), Self.textScaleRange.upperBound) : 1
        let viewerSize = metrics.textSize * scale
        let smallest = min(viewerSize, max(metrics.minimumTextSize, viewerSize * Self.minimumTextScale))
        self.fontSize = viewerSize
        self.smallestFontSize = smallest
        let direction = direction ?? texts.locale.direction
        self.direction = direction
        let inset = safeArea.sanitized
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        let area = CGRect(
            x: inset.left + metrics.margin,
            y: inset.top + metrics.margin,
            width: max(0, width - inset.horizontal - 2 * metrics.margin),
            height: max(0, height - inset.vertical - 2 * metrics.margin))
        func lineHeight(_ fontSize: CGFloat) -> CGFloat { (fontSize * Self.lineHeight).rounded(.up) }
        /// The size `title` is drawn at in `room` points, `padding` of it kept around the text.
        func fitting(_ title: String, room: CGFloat, padding: CGFloat) -> TitleFit {
            let perPoint = Self.estimatedWidth(of: title, fontSize: 1)
            let available = max(0, room - padding)
            guard perPoint * viewerSize > available else { return TitleFit(fontSize: viewerSize, truncates: false) }
            let shrunk = min(viewerSize, max(smallest, available / perPoint))
            // Half a point of slack: the division's rounding is no reason to truncate.
            return TitleFit(fontSize: shrunk, truncates: perPoint * shrunk > available + 0.5)
        }
        func buttonSize(_ title: String, _ fit: TitleFit) -> CGSize {
            let textWidth = Self.estimatedWidth(of: title, fontSize: fit.fontSize).rounded(.up)
            let targetWidth = max(metrics.minimumTarget, textWidth + 2 * metrics.padding)
            return CGSize(width: min(targetWidth, max(area.width, metrics.minimumTarget)),
                          height: max(metrics.minimumTarget, lineHeight(fit.fontSize) + metrics.padding))
        }
        // Mirrors a frame laid out left to right into its place in a right-to-left layout.
        func placed(_ frame: CGRect) -> CGRect {
            guard direction == .rightToLeft else { return frame }
            return CGRect(x: area.minX + area.maxX - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
        }
        var fits: [LinearAdControl: TitleFit] = [:]

        let closeSide = max(metrics.minimumTarget, lineHeight(viewerSize) + metrics.padding)
        let close = texts.title(of: .close, in: controls).map { _ in
            fits[.close] = TitleFit(fontSize: viewerSize, truncates: false)
            return placed(CGRect(x: max(area.minX, area.maxX - closeSide), y: area.minY, width: closeSide, height: closeSide))
        }
        let badge = texts.title(of: .adBadge, in: controls).map { title in
            // Beside ✕ when both show: the badge gives way.
            let room = max(0, area.width - (close == nil ? 0 : closeSide + metrics.padding))
            let fit = fitting(title, room: room, padding: metrics.padding)
            fits[.adBadge] = fit
            let textWidth = Self.estimatedWidth(of: title, fontSize: fit.fontSize).rounded(.up)
            let size = CGSize(width: min(textWidth + metrics.padding, room), height: lineHeight(fit.fontSize) + metrics.padding / 2)
            return placed(CGRect(origin: area.origin, size: size))
        }
        let resume = texts.title(of: .resume, in: controls).map { title in
            let fit = fitting(title, room: area.width, padding: 2 * metrics.padding)
            fits[.resume] = fit
            let button = buttonSize(title, fit)
            return CGRect(x: area.midX - button.width / 2, y: area.midY - button.height / 2, width: button.width, height: button.height)
        }
        let skip = texts.title(of: .skip, in: controls).map { title in
            // Sized and fitted for its widest title ("Skip in 10" and "Skip" share one frame and
            // one text size), so it does not jump as the countdown ends.
            let widest = [title, texts.skip, texts.title(of: .skip, in: LinearAdControls(skip: .countdown(seconds: 10))) ?? title]
                .max { Self.estimatedWidth(of: $0, fontSize: 1) < Self.estimatedWidth(of: $1, fontSize: 1) } ?? title
            let fit = fitting(widest, room: area.width, padding: 2 * metrics.padding)
            fits[.skip] = fit
            let button = buttonSize(widest, fit)
            return placed(CGRect(x: max(area.minX, area.maxX - button.width), y: max(area.minY, area.maxY - button.height),
                                 width: button.width, height: button.height))
        }
        (closeFrame, badgeFrame, resumeFrame, skipFrame) = (close, badge, resume, skip)
        self.fits = fits
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

    /// How `control`'s title fits its frame, when it shows.
    package func titleFit(of control: LinearAdControl) -> TitleFit? {
        fits[control]
    }

    /// `text`'s estimated width at `fontSize`: `wideGlyphWidth` of the size for each character
    /// of a CJK or Hangul block (ideographs, kana, syllables, full-width forms), `averageGlyphWidth`
    /// for every other (a character being a grapheme: Arabic's marks add nothing).
    package static func estimatedWidth(of text: String, fontSize: CGFloat) -> CGFloat {
        text.reduce(0) { width, character in
            width + (isWide(character) ? wideGlyphWidth : averageGlyphWidth) * fontSize
        }
    }

    /// Whether `character` is drawn a full em wide (East Asian wide).
    private static func isWide(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
