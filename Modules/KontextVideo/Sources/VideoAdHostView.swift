import Foundation

/// The view an overlay or pause ad is shown in: the one the content plays in.
///
/// On iOS and tvOS `show(in:insets:)` takes the app's `UIView` directly. Where there is no UIKit
/// (and in headless tests, see `KontextVideoTesting.HeadlessView`) any object that can report
/// these four facts can host an ad.
///
/// The SDK measures the view when you say it changed (``videoAdReportChanges(to:)``), and otherwise
/// every half second while an ad is shown in it. It holds the view weakly: keep it alive. Once it
/// is gone, the ad ends with `didEnd(.interrupted)`.
///
/// ```swift
/// final class CanvasHost: VideoAdHostView {
///     var videoAdBoundsSize: CGSize { CGSize(width: 1280, height: 720) }
///     var videoAdSafeAreaInsets: VideoAdInsets { .zero }
///     var videoAdIsInWindow: Bool { true }
///     var videoAdIsHidden: Bool { false }
///     func videoAdDidPlace(_ frame: CGRect) { print("ad at", frame) }
/// }
/// let canvas = CanvasHost()   // held weakly: keep it while the ad is shown
/// try ad.show(in: canvas)
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
    /// Optional: lets the SDK measure the view as soon as it changes, instead of every half second.
    ///
    /// The SDK calls it once for each ad it shows in the view, right after the ad is placed, with a
    /// closure to call after any of the four facts changed: the size, the safe area, the window, the
    /// visibility (several changes at once may be one call; a call when nothing changed costs one
    /// measurement). It relayouts the ad inside the call; a change that interrupts the ad ends it
    /// inside the call too (`hasEnded`), but takes it down and calls `didEnd(.interrupted)` on the
    /// next main-actor turn, never inside your layout pass. Keep the closure until
    /// ``videoAdDidRemove()`` and drop it then: a closure dropped while the ad is shown (the view was
    /// freed, or stopped reporting) makes the SDK measure the view at once and every half second
    /// from then on.
    ///
    /// ```swift
    /// private var reportChange: (@MainActor () -> Void)?
    /// var size = CGSize(width: 1280, height: 720) { didSet { reportChange?() } }
    /// func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool {
    ///     reportChange = onChange
    ///     return true
    /// }
    /// func videoAdDidRemove() { reportChange = nil }
    /// ```
    ///
    /// - Parameter onChange: What to call after the view changed.
    /// - Returns: `true` when you will call it; `false` (the default) makes the SDK measure the
    ///   view every half second while the ad is shown.
    func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool
}

extension VideoAdHostView {
    /// Does nothing: a real view gets the creative as a subview instead.
    /// - Parameter frame: Where the creative is, in points.
    public func videoAdDidPlace(_ frame: CGRect) {}
    /// Does nothing: a real view loses the creative's subview instead.
    public func videoAdDidRemove() {}
    /// Reports nothing: the SDK measures the view every half second while an ad is shown in it.
    /// - Parameter onChange: Not kept.
    /// - Returns: `false`.
    public func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool { false }
}
