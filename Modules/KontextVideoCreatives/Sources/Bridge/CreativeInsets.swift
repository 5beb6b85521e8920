import Foundation

/// Edge insets in points, as the render context tells them to a page: `{top, left, bottom, right}`.
package struct CreativeInsets: Sendable, Equatable, Encodable {
    /// From the top edge.
    package var top: CGFloat = 0
    /// From the left edge.
    package var left: CGFloat = 0
    /// From the bottom edge.
    package var bottom: CGFloat = 0
    /// From the right edge.
    package var right: CGFloat = 0

    /// Insets of these edges.
    package init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
