import Foundation

/// The part of a full-screen ad's surface that captions and icons may use: the safe area
/// (sanitized as `VideoAdInsets.sanitized` does) inset by a margin, on a surface whose size is
/// made finite and non-negative. `CaptionLayout` and `IconLayout` both start from it.
package struct SafeAdArea: Sendable, Hashable {
    /// The usable rectangle, in the surface's points.
    package let rect: CGRect

    /// The area of a surface of `size` with its `safeArea`, `margin` in from it.
    package init(size: CGSize, safeArea: VideoAdInsets, margin: CGFloat) {
        let inset = safeArea.sanitized
        let margin = margin.isFinite ? max(0, margin) : 0
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        rect = CGRect(
            x: inset.left + margin,
            y: inset.top + margin,
            width: max(0, width - inset.horizontal - 2 * margin),
            height: max(0, height - inset.vertical - 2 * margin))
    }
}
