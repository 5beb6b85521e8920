import Foundation

/// Space to keep free inside the view an overlay or pause ad is shown in, on top of its
/// safe area, in points: `VideoAdInsets(bottom: 80)` places a bottom strip 80 points above
/// the safe area's edge. A full-screen pause ad ignores them.
///
/// On Apple platforms the facade takes `UIEdgeInsets` and converts it to this type.
///
/// ```swift
/// try ad.show(in: hostView, insets: VideoAdInsets(bottom: 80))   // a headless host
/// ```
public struct VideoAdInsets: Sendable, Hashable {
    /// Points kept free at the top.
    public var top: CGFloat
    /// Points kept free on the left.
    public var left: CGFloat
    /// Points kept free at the bottom.
    public var bottom: CGFloat
    /// Points kept free on the right.
    public var right: CGFloat

    /// No extra space.
    public static let zero = VideoAdInsets()

    /// Creates insets; every edge defaults to 0. A negative, NaN or infinite edge counts as 0.
    /// - Parameters:
    ///   - top: Points kept free at the top.
    ///   - left: Points kept free on the left.
    ///   - bottom: Points kept free at the bottom.
    ///   - right: Points kept free on the right.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The insets the layout uses: a negative, NaN or infinite edge counts as 0.
    package var sanitized: VideoAdInsets {
        VideoAdInsets(top: Self.clean(top), left: Self.clean(left), bottom: Self.clean(bottom), right: Self.clean(right))
    }

    /// `left + right`.
    package var horizontal: CGFloat { left + right }

    /// `top + bottom`.
    package var vertical: CGFloat { top + bottom }

    /// Both insets added edge by edge.
    package static func + (lhs: VideoAdInsets, rhs: VideoAdInsets) -> VideoAdInsets {
        VideoAdInsets(top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }

    private static func clean(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}
