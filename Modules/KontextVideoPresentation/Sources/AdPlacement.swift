import Foundation

/// Where an overlay or pause ad goes in its host view.
package struct AdPlacement: Sendable, Hashable {
    /// The ad view's frame in the host view's coordinates (origin top left, points).
    /// For a strip or card it is the creative's natural size times `scale`; for a
    /// full-screen pause ad it is the view's safe area, with the creative drawn at
    /// `scale` and centred inside it.
    package var frame: CGRect
    /// The factor applied to the creative's natural size: 1 when it fits, else between
    /// 0.5 and 1.
    package var scale: CGFloat

    /// Creates a placement.
    package init(frame: CGRect, scale: CGFloat) {
        self.frame = frame
        self.scale = scale
    }
}
