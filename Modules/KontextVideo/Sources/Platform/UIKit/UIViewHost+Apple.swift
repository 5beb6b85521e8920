// The app's UIView as the host of an overlay or pause ad, without adding anything to UIView:
// `show(in: UIView, insets:)` wraps the view in this internal adapter. It only measures.
#if canImport(UIKit)
import UIKit

/// Stands for the app's `UIView` as a `VideoAdHostView`. Held by the presentation for as long as
/// the ad is shown; holds the view weakly, so a view the app let go reads as gone.
@MainActor
final class UIViewHost: HostViewAdapter {
    private(set) weak var view: UIView?

    init(_ view: UIView) {
        self.view = view
    }

    var isWrappedViewAlive: Bool { view != nil }

    var videoAdBoundsSize: CGSize { view?.bounds.size ?? .zero }

    var videoAdSafeAreaInsets: VideoAdInsets {
        view.map { VideoAdInsets($0.safeAreaInsets) } ?? .zero
    }

    var videoAdIsInWindow: Bool { view?.window != nil }

    /// Whether the view, or one of its ancestors, is hidden or fully transparent.
    var videoAdIsHidden: Bool {
        var current = view
        while let view = current {
            if view.isHidden || view.alpha < 0.01 { return true }
            current = view.superview
        }
        return false
    }
}
#endif
