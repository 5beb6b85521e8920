import Foundation
import KontextVideoPresentation

/// Where the SDK puts its own controls over an overlay or pause creative — the ✕ in the top
/// trailing corner (top right; top left in Arabic and Hebrew, mirrored as `LinearAdControlsLayout`
/// is), and Resume at the bottom centre of a full-screen pause ad — and the band of the
/// creative each one covers, which the page is told to keep clear (`CreativeRenderContext.insets`)
/// so its own call to action is never under them. The platform renderer places its buttons at
/// exactly these frames.
///
/// The ✕ the viewer presses (`closeFrame`, the button's frame) is a square of `minimumTarget`
/// points in the creative's top right corner: 44 on a touch screen, 66 on a television, Apple's
/// minimum hit targets (developer.apple.com/design/human-interface-guidelines/accessibility, as
/// `LinearAdControlsLayout.Metrics`), less only on a creative whose short side is smaller, where
/// it takes that whole side. It never leaves the creative, which `AdLayout` places inside the
/// host's safe area, so the target is inside the safe area too. The platform centres its glyph in
/// that button (the browser tests' fixture draws it as `CreativeBridgeLayoutTests` lays it out). The
/// target covers a band on the trailing side (right, or left right to left)
/// of a creative at least as wide as it is tall (a strip, a card), and along the top of a taller
/// one (a portrait full-screen ad), whichever costs the creative less area. Resume is
/// `resumeSize`, `margin` × 3 above the bottom edge, centred.
package struct CreativeControlsLayout: Sendable, Equatable {
    /// The gap between a control and the creative's edge (and between the ✕ glyph and its target's).
    package static let margin: CGFloat = 4
    /// Resume's size, in points.
    package static let resumeSize = CGSize(width: 112, height: 36)

    /// The creative's size, in points.
    package let size: CGSize
    /// Whether Resume is shown (a full-screen pause ad).
    package let hasResume: Bool
    /// The ✕'s hit target on a creative large enough for it, in points.
    package let minimumTarget: CGFloat
    /// Which way the controls run: the ✕ takes the trailing corner.
    package let direction: AdControlDirection

    /// The layout over a creative of `size`; `minimumTarget` is the screen's minimum hit target
    /// (a touch screen's 44 points by default; `LinearAdControlsLayout.Metrics.television`'s on
    /// tvOS); `direction` the controls' language's (left to right by default).
    package init(
        size: CGSize, hasResume: Bool, minimumTarget: CGFloat = LinearAdControlsLayout.Metrics.touch.minimumTarget,
        direction: AdControlDirection = .leftToRight
    ) {
        self.size = size
        self.hasResume = hasResume
        self.minimumTarget = minimumTarget
        self.direction = direction
    }

    /// The ✕ button's frame, its hit target, in the creative's coordinates (origin top left).
    package var closeFrame: CGRect {
        let shortSide = max(0, min(size.width, size.height))
        let side = min(minimumTarget, shortSide)
        return CGRect(x: direction == .rightToLeft ? 0 : size.width - side, y: 0, width: side, height: side)
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
            if direction == .rightToLeft {
                insets.left = close.maxX
            } else {
                insets.right = size.width - close.minX
            }
        } else {
            insets.top = close.maxY
        }
        if let resume = resumeFrame {
            insets.bottom = size.height - resume.minY
        }
        return insets
    }
}
