import Foundation

extension VideoAdInsets {
    /// Insets given by their leading and trailing edges (SwiftUI's `EdgeInsets`), as the left and
    /// right edges of the view the ad is placed in.
    ///
    /// The layout works in the view's own coordinates, where left is left whatever the language:
    /// in a right-to-left layout the leading edge is the right one. So a control bar the app keeps
    /// on its leading edge stays free in Arabic and Hebrew too.
    ///
    /// - Parameters:
    ///   - top: Points kept free at the top.
    ///   - leading: Points kept free on the leading edge.
    ///   - bottom: Points kept free at the bottom.
    ///   - trailing: Points kept free on the trailing edge.
    ///   - isRightToLeft: Whether the layout runs right to left (the leading edge is the right one).
    package init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat, isRightToLeft: Bool) {
        self.init(top: top,
                  left: isRightToLeft ? trailing : leading,
                  bottom: bottom,
                  right: isRightToLeft ? leading : trailing)
    }
}
