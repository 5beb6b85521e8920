import Foundation

/// The view an overlay or pause ad is shown in: the one the content plays in.
///
/// On iOS and tvOS `show(in:insets:)` takes the app's `UIView` directly. Where there is no UIKit
/// (and in headless tests, see `KontextVideoTesting.HeadlessView`) any object that can report
/// these four facts can host an ad.
///
/// The SDK holds the view weakly while an ad is shown in it: keep it alive. Once it is gone, the ad
/// ends with `didEnd(.interrupted)` at the next measurement (every half second).
///
/// ```swift
/// final class CanvasHost: VideoAdHostView {
///     var videoAdBoundsSize: CGSize { CGSize(width: 1280, height: 720) }
///     var videoAdSafeAreaInsets: VideoAdInsets { .zero }
///     var videoAdIsInWindow: Bool { true }
///     var videoAdIsHidden: Bool { false }
///     func videoAdDidPlace(_ frame: CGRect) { print("ad at", frame) }
/// }
/// try ad.show(in: CanvasHost())
/// ```
@MainActor
public protocol VideoAdHostView: AnyObject {
    /// The view's size in points. A size without area makes `show(in:insets:)` throw
    /// `presenterUnavailable`, and ends an ad on screen with `.interrupted`.
    var videoAdBoundsSize: CGSize { get }
    /// The view's safe-area insets: the ad is placed inside them, on top of the app's insets.
    var videoAdSafeAreaInsets: VideoAdInsets { get }
    /// Whether the view is in a window: `false` ends an ad on screen with `.interrupted`.
    var videoAdIsInWindow: Bool { get }
    /// Whether the view (or an ancestor) is hidden: `true` ends an ad on screen with `.interrupted`.
    var videoAdIsHidden: Bool { get }
    /// The SDK placed the ad's creative at `frame`, in the view's coordinates (again after each resize).
    /// - Parameter frame: Where the creative is, in points, origin top left.
    func videoAdDidPlace(_ frame: CGRect)
    /// The SDK took the ad's creative out of the view.
    func videoAdDidRemove()
}

extension VideoAdHostView {
    /// Does nothing: a real view gets the creative as a subview instead.
    /// - Parameter frame: Where the creative is, in points.
    public func videoAdDidPlace(_ frame: CGRect) {}
    /// Does nothing: a real view loses the creative's subview instead.
    public func videoAdDidRemove() {}
}
