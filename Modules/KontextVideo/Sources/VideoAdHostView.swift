import Foundation

/// The view an overlay or pause ad is shown in: the one the content plays in.
///
/// On iOS and tvOS `show(in:insets:)` takes the app's `UIView` directly. Where there is no UIKit
/// (and in headless tests, see `KontextVideoTesting.HeadlessView`) any object that can report
/// these four facts can host an ad.
@MainActor
public protocol VideoAdHostView: AnyObject {
    /// The view's size in points.
    var videoAdBoundsSize: CGSize { get }
    /// The view's safe-area insets.
    var videoAdSafeAreaInsets: VideoAdInsets { get }
    /// Whether the view is in a window.
    var videoAdIsInWindow: Bool { get }
    /// Whether the view (or an ancestor) is hidden.
    var videoAdIsHidden: Bool { get }
    /// The SDK placed the ad's creative at `frame`, in the view's coordinates (again after each resize).
    func videoAdDidPlace(_ frame: CGRect)
    /// The SDK took the ad's creative out of the view.
    func videoAdDidRemove()
}

extension VideoAdHostView {
    /// Does nothing: a real view gets the creative as a subview instead.
    public func videoAdDidPlace(_ frame: CGRect) {}
    /// Does nothing: a real view loses the creative's subview instead.
    public func videoAdDidRemove() {}
}
