// The reference's UIKit spellings of `show`: the app's UIView and UIViewController are wrapped in
// internal adapters, so no SDK member appears on the app's own views and controllers.
#if canImport(UIKit)
import UIKit

extension VideoAd {
    /// Shows an overlay or pause ad inside `view`, the one the content plays in. Succeeds once the
    /// ad is on screen; the ad follows the view when it resizes or rotates.
    ///
    /// The creative is added to `view` as a subview, placed in the view's safe area less your
    /// insets: an overlay as a strip at the bottom, a pause card in the middle, a full-screen pause
    /// ad over the whole safe area. It is measured again in the view's own layout pass: after a
    /// resize, a rotation or a safe-area change it is placed again at once, and a view that left
    /// its window or became too small for the ad ends it with `didEnd(.interrupted)`; a hidden or
    /// faded-out view, which UIKit signals to no one, within half a second. With a player given to
    /// ``VideoAds/track(_:)-(AVPlayer)``, an overlay also ends with `didEnd(.interrupted)` when the
    /// content stops or moves to another screen through AirPlay. See
    /// <doc:keeping-the-ad-clear-of-your-controls> and <doc:players>.
    ///
    /// ```swift
    /// let controlBar = UIEdgeInsets(top: 0, left: 0, bottom: 80, right: 0)
    /// try pause.show(in: playerView, insets: controlBar)
    /// ```
    ///
    /// - Parameters:
    ///   - view: The view the content plays in. It must be in a window, visible and big enough for
    ///     the ad at half its size, your insets and its safe area included. Held weakly.
    ///   - insets: Space to keep free inside `view`, on top of its safe area: `bottom: 80` places a
    ///     bottom strip 80 points above the safe area's edge. Defaults to `.zero`. Kept while the ad
    ///     is shown, through resizes and rotations. A full-screen pause ad ignores them.
    /// - Throws: With nothing shown: ``VideoAdError/notLoaded`` (`load()` has not finished),
    ///   ``VideoAdError/alreadyShown``, ``VideoAdError/anotherAdShowing`` (another ad is on screen,
    ///   from any `VideoAds`), ``VideoAdError/invalidated(_:)`` (the ad expired, was rejected or
    ///   failed), ``VideoAdError/destroyed``, ``VideoAdError/disabled(reason:)``,
    ///   ``VideoAdError/presenterUnavailable`` (the view is not in a window, has no area, or is
    ///   hidden, or the tracked `AVPlayer` plays on another screen through AirPlay),
    ///   ``VideoAdError/containerTooSmall(minimum:)`` (the ad would have to shrink below
    ///   50 %) and ``VideoAdError/contentPaused`` (an overlay over paused content) — the ad stays
    ///   ready in these three —, ``VideoAdError/wrongPresentation`` (a linear ad).
    public func show(in view: UIView, insets: UIEdgeInsets = .zero) throws {
        try show(in: UIViewHost(view), insets: VideoAdInsets(insets))
    }

    /// Presents a linear ad full screen: from the given view controller, or with `nil` (the
    /// default) from the key window's top view controller.
    ///
    /// Succeeds once the presentation started. The ad plays with its Skip control and end card;
    /// only the SDK dismisses it, and `didEnd` comes once the dismissal finished, so you can
    /// present your next screen from it. If UIKit never presents the ad, it fails
    /// (`didFail(.presenterUnavailable)`, then `didEnd(.failed)`).
    ///
    /// ```swift
    /// try linear.show()
    /// try linear.show(from: viewController)
    /// ```
    ///
    /// - Parameter viewController: The view controller to present from; `nil` (the default) for
    ///   the key window's top view controller.
    /// - Throws: With nothing shown: the errors of `show(in:insets:)` — ``VideoAdError/notLoaded``,
    ///   ``VideoAdError/alreadyShown``, ``VideoAdError/anotherAdShowing``,
    ///   ``VideoAdError/invalidated(_:)``, ``VideoAdError/destroyed``,
    ///   ``VideoAdError/disabled(reason:)`` —, plus ``VideoAdError/presenterUnavailable`` (no view
    ///   controller can present the ad right now; the ad stays ready) and
    ///   ``VideoAdError/wrongPresentation`` (an overlay or pause ad).
    public func show(from viewController: UIViewController? = nil) throws {
        try presentLinear(from: viewController.map(UIViewControllerPresenter.init))
    }

    /// Presents a linear ad full screen from `presenter`, any object that can put a full-screen
    /// surface up (see `KontextVideoTesting.HeadlessPresenter`). Throws as `show(from:)` does.
    ///
    /// On iOS and tvOS `show(from: UIViewController?)` takes view controllers and `nil`, so this
    /// one takes a presenter only: `show()` and `show(from: nil)` are never ambiguous.
    ///
    /// ```swift
    /// // KontextVideoTesting's HeadlessPresenter
    /// try linear.show(from: harness.presenter)
    /// ```
    ///
    /// - Parameter presenter: What puts the ad's full-screen surface up and takes it down.
    /// - Throws: With nothing shown: the errors of `show(in:insets:)` — ``VideoAdError/notLoaded``,
    ///   ``VideoAdError/alreadyShown``, ``VideoAdError/anotherAdShowing``,
    ///   ``VideoAdError/invalidated(_:)``, ``VideoAdError/destroyed``,
    ///   ``VideoAdError/disabled(reason:)`` —, plus ``VideoAdError/presenterUnavailable`` (the
    ///   presenter cannot present right now; the ad stays ready) and
    ///   ``VideoAdError/wrongPresentation`` (an overlay or pause ad).
    public func show(from presenter: any VideoAdPresenter) throws {
        try presentLinear(from: presenter)
    }
}
#endif
