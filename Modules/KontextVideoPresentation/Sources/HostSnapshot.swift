import Foundation

/// What the SDK measures of the view an overlay or pause ad is shown in, at one moment.
package struct HostSnapshot: Sendable, Hashable {
    /// Why a host cannot hold an ad at all (`LayoutFailure.presenterUnavailable`).
    package enum Unavailability: Sendable, Hashable {
        /// The view is not in a window (never added, or removed).
        case notInWindow
        /// The view, or one of its ancestors, is hidden.
        case hidden
        /// The view's width or height is zero, negative, NaN or infinite.
        case noArea
    }

    /// The view's bounds size, in points.
    package var size: CGSize
    /// The view's safe-area insets, in points (negative or non-finite edges count as 0).
    package var safeAreaInsets: VideoAdInsets
    /// `true` while the view is in a window.
    package var isInWindow: Bool
    /// `true` when the view or an ancestor is hidden (or fully transparent).
    package var isHidden: Bool

    /// Creates a snapshot; by default a visible view in a window with no safe area.
    package init(size: CGSize, safeAreaInsets: VideoAdInsets = .zero, isInWindow: Bool = true, isHidden: Bool = false) {
        self.size = size
        self.safeAreaInsets = safeAreaInsets
        self.isInWindow = isInWindow
        self.isHidden = isHidden
    }

    /// Why this host cannot hold an ad, checked in this order: not in a window, hidden,
    /// no area; `nil` when it can be laid out.
    package var unavailability: Unavailability? {
        if !isInWindow { return .notInWindow }
        if isHidden { return .hidden }
        let width = size.width, height = size.height
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return .noArea }
        return nil
    }
}
