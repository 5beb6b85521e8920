import Foundation

/// Where the SDK puts its own controls over an overlay or pause creative — the ✕ in the top
/// right corner, and Resume at the bottom centre of a full-screen pause ad — and the band of the
/// creative each one covers, which the page is told to keep clear (`CreativeRenderContext.insets`)
/// so its own call to action is never under them. The platform renderer places its buttons at
/// exactly these frames.
///
/// The ✕ is a square of `closeSide` points (less on a creative too small for it, never under
/// `minimumCloseSide`), `margin` from the top and right edges. It covers a band on the right of
/// a creative at least as wide as it is tall (a strip, a card), and along the top of a taller one
/// (a portrait full-screen ad), whichever costs the creative less area. Resume is
/// `resumeSize`, `margin` above the bottom edge, centred.
package struct CreativeControlsLayout: Sendable, Equatable {
    /// The ✕'s side, in points, on a creative large enough for it.
    package static let closeSide: CGFloat = 28
    /// The smallest ✕, on a creative shown very small.
    package static let minimumCloseSide: CGFloat = 16
    /// The gap between a control and the creative's edge.
    package static let margin: CGFloat = 4
    /// Resume's size, in points.
    package static let resumeSize = CGSize(width: 112, height: 36)

    /// The creative's size, in points.
    package let size: CGSize
    /// Whether Resume is shown (a full-screen pause ad).
    package let hasResume: Bool

    /// The layout over a creative of `size`.
    package init(size: CGSize, hasResume: Bool) {
        self.size = size
        self.hasResume = hasResume
    }

    /// The ✕'s frame, in the creative's coordinates (origin top left).
    package var closeFrame: CGRect {
        let shortSide = min(size.width, size.height)
        let side = max(Self.minimumCloseSide, min(Self.closeSide, shortSide - 2 * Self.margin))
        return CGRect(x: size.width - Self.margin - side, y: Self.margin, width: side, height: side)
    }

    /// Resume's frame, or `nil` without Resume.
    package var resumeFrame: CGRect? {
        guard hasResume else { return nil }
        let width = min(Self.resumeSize.width, size.width)
        return CGRect(x: (size.width - width) / 2, y: size.height - Self.margin * 3 - Self.resumeSize.height,
                      width: width, height: Self.resumeSize.height)
    }

    /// The bands the controls cover, which the page keeps its own controls out of.
    package var keepClear: CreativeInsets {
        let close = closeFrame
        var insets = CreativeInsets()
        if size.width >= size.height {
            insets.right = size.width - close.minX
        } else {
            insets.top = close.maxY
        }
        if let resume = resumeFrame {
            insets.bottom = size.height - resume.minY
        }
        return insets
    }
}
