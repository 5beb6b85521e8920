// The reference's UIKit spellings of `show`: the app's UIView and UIViewController are wrapped in
// internal adapters, so no SDK member appears on the app's own views and controllers.
#if canImport(UIKit)
import UIKit

extension VideoAd {
    /// Shows an overlay or pause ad inside `view`, the one the content plays in. Succeeds once the
    /// ad is on screen; the ad follows the view when it resizes or rotates.
    ///
    /// Throws, with nothing shown: `notLoaded`, `alreadyShown`, `anotherAdShowing`, `invalidated(_:)`,
    /// `destroyed`, `disabled(reason:)`, `presenterUnavailable` (the view is not in a window, has no
    /// area, or is hidden), `containerTooSmall(minimum:)` and `contentPaused` (the ad stays ready in
    /// these three), `wrongPresentation` (a linear ad).
    /// - Parameter insets: Space to keep free inside `view`, on top of its safe area. A full-screen
    ///   pause ad ignores them.
    public func show(in view: UIView, insets: UIEdgeInsets = .zero) throws {
        try show(in: UIViewHost(view), insets: VideoAdInsets(insets))
    }

    /// Presents a linear ad full screen: from the given view controller, or with `nil` (the
    /// default) from the key window's top view controller. Throws, with nothing shown: the errors
    /// of `show(in:insets:)`, `presenterUnavailable` (the ad stays ready), `wrongPresentation` (an
    /// overlay or pause ad).
    public func show(from viewController: UIViewController? = nil) throws {
        try presentLinear(from: viewController.map(UIViewControllerPresenter.init))
    }
}
#endif
