import Foundation

/// Where a linear ad's caption goes: pure math on the surface, its safe area, the frames the
/// SDK's controls take (`LinearAdControlsLayout`'s, whichever side they are mirrored to) and the
/// caption's text.
///
/// The caption is a box centered at the bottom of the safe area (`margin` in), as wide as its
/// longest line needs at the text size and at most `maxWidthShare` of the area, its lines wrapped
/// by the same glyph estimate the controls use. A box that would cover a control goes up until
/// it is `gap` above every control it met (Skip, Resume); a box that then passes the area's top
/// stays at the top (text over a control is better than text off screen). The text size is
/// `textSize × textScale`, Dynamic Type's factor kept within `LinearAdControlsLayout.textScaleRange`.
package struct CaptionLayout: Sendable, Hashable {
    /// The caption box, `nil` for no text; its height is the wrapped lines' and `2 × padding`.
    package let frame: CGRect?

    /// The most of the area's width a caption takes.
    package static let maxWidthShare: CGFloat = 0.9
    /// Space kept between the caption and a control.
    package static let gap: CGFloat = 8
    /// Space around the text inside its box.
    package static let padding: CGFloat = 8
    /// The most characters a caption line is laid out for, however wide the surface: far more than
    /// a cue holds (1,000), and small enough to count with.
    package static let maxCharactersPerLine: CGFloat = 10_000

    /// Lays out `text` on a surface of `size`, clear of `occupied` frames.
    package init(
        text: String?,
        size: CGSize,
        safeArea: VideoAdInsets,
        occupied: [CGRect],
        textSize: CGFloat = 17,
        textScale: CGFloat = 1,
        margin: CGFloat = 16
    ) {
        let range = LinearAdControlsLayout.textScaleRange
        let scale = textScale.isFinite && textScale > 0 ? min(max(textScale, range.lowerBound), range.upperBound) : 1
        let fontSize = (textSize.isFinite && textSize > 0 ? textSize : 17) * scale
        let area = SafeAdArea(size: size, safeArea: safeArea, margin: margin).rect
        guard let text, !text.isEmpty, area.width > 0, area.height > 0 else {
            frame = nil
            return
        }
        let glyph = LinearAdControlsLayout.averageGlyphWidth * fontSize
        let maxWidth = area.width * Self.maxWidthShare
        // Capped before it becomes an Int: a huge surface (any finite size is accepted) would
        // otherwise trap the conversion, or overflow the line count's rounding below.
        let fitting = ((maxWidth - 2 * Self.padding) / glyph).rounded(.down)
        let charactersPerLine = fitting.isFinite ? Int(min(max(fitting, 1), Self.maxCharactersPerLine)) : 1
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
        let lines = paragraphs.reduce(0) { $0 + max(1, ($1 + charactersPerLine - 1) / charactersPerLine) }
        let longest = min(paragraphs.max() ?? 0, charactersPerLine)
        let width = min(maxWidth, (CGFloat(longest) * glyph).rounded(.up) + 2 * Self.padding)
        let lineHeight = (fontSize * LinearAdControlsLayout.lineHeight).rounded(.up)
        let height = CGFloat(lines) * lineHeight + 2 * Self.padding
        var box = CGRect(x: area.midX - width / 2, y: area.maxY - height, width: width, height: height)
        // Lift it over each control it meets, lowest first, until it meets none.
        for control in occupied.filter({ $0.width > 0 && $0.height > 0 }).sorted(by: { $0.maxY > $1.maxY }) {
            if box.intersects(control.insetBy(dx: -Self.gap, dy: -Self.gap)) {
                box.origin.y = min(box.origin.y, control.minY - Self.gap - height)
            }
        }
        box.origin.y = max(area.minY, box.origin.y)
        frame = box
    }
}
