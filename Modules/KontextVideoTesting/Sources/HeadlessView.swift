import Foundation
import KontextVideo

/// A view for headless tests: a size, a safe area, window membership and visibility, all of
/// which a test can change while an ad is shown. Records where the SDK placed the ad.
///
/// Like a `UIView`'s layout pass, the changes made in one turn of the main actor are reported to
/// the SDK together, on the next turn (`videoAdReportChanges(to:)`): the ad is laid out again, or
/// ends with `didEnd(.interrupted)`, as soon as the test yields (any `await`, such as advancing
/// the clock), with no timer.
///
/// The SDK holds it weakly, as it holds an app's view: keep it in a variable for as long as the ad
/// should stay on screen.
///
/// ```swift
/// let view = HeadlessView()                       // a 390×844 portrait phone
/// try overlay.show(in: view, insets: VideoAdInsets(bottom: 80))
/// view.rotate()
/// await harness.advance(by: .zero)                // the change is reported
/// #expect(view.placements.count == 2)             // placed again
/// ```
@MainActor
public final class HeadlessView: VideoAdHostView {
    /// The view's size in points.
    public var size: CGSize { didSet { layoutChanged() } }
    /// The view's safe-area insets.
    public var safeAreaInsets: VideoAdInsets { didSet { layoutChanged() } }
    /// Whether the view is in a window.
    public var isInWindow: Bool { didSet { layoutChanged() } }
    /// Whether the view is hidden.
    public var isHidden: Bool { didSet { layoutChanged() } }
    /// Where the ad's creative is now, `nil` when no ad is in the view.
    public private(set) var adFrame: CGRect?
    /// Every frame the SDK placed the creative at, in order (one per show and per relayout).
    public private(set) var placements: [CGRect] = []
    /// Where changes are reported while an ad is shown.
    private var reportChange: (@MainActor () -> Void)?
    private var isChangeReportPending = false

    /// Creates a view; by default a 390×844 portrait phone screen in a window.
    /// - Parameters:
    ///   - size: The view's size in points.
    ///   - safeAreaInsets: The view's safe area; by default a phone's notch and home indicator.
    ///   - isInWindow: Whether the view is in a window.
    ///   - isHidden: Whether the view is hidden.
    public init(
        size: CGSize = CGSize(width: 390, height: 844),
        safeAreaInsets: VideoAdInsets = VideoAdInsets(top: 47, left: 0, bottom: 34, right: 0),
        isInWindow: Bool = true,
        isHidden: Bool = false
    ) {
        self.size = size
        self.safeAreaInsets = safeAreaInsets
        self.isInWindow = isInWindow
        self.isHidden = isHidden
    }

    /// Turns the view a quarter: width and height swap, and the safe area moves to the sides.
    public func rotate() {
        size = CGSize(width: size.height, height: size.width)
        safeAreaInsets = VideoAdInsets(
            top: safeAreaInsets.left, left: safeAreaInsets.top,
            bottom: safeAreaInsets.right, right: safeAreaInsets.bottom)
    }

    /// `size`.
    public var videoAdBoundsSize: CGSize { size }
    /// `safeAreaInsets`.
    public var videoAdSafeAreaInsets: VideoAdInsets { safeAreaInsets }
    /// `isInWindow`.
    public var videoAdIsInWindow: Bool { isInWindow }
    /// `isHidden`.
    public var videoAdIsHidden: Bool { isHidden }

    /// Records where the SDK placed the ad.
    /// - Parameter frame: Where the creative is, in the view's coordinates.
    public func videoAdDidPlace(_ frame: CGRect) {
        adFrame = frame
        placements.append(frame)
    }

    /// Records that the ad left the view, and stops reporting changes.
    public func videoAdDidRemove() {
        adFrame = nil
        reportChange = nil
    }

    /// Reports every later change of `size`, `safeAreaInsets`, `isInWindow` or `isHidden` to
    /// `onChange`, those of one main-actor turn together on the next, until the ad leaves the view.
    /// - Parameter onChange: What the SDK measures the view with.
    /// - Returns: `true`.
    public func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool {
        reportChange = onChange
        return true
    }

    /// Reports the changes of this main-actor turn on the next, as a layout pass would.
    private func layoutChanged() {
        guard reportChange != nil, !isChangeReportPending else { return }
        isChangeReportPending = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.isChangeReportPending = false
            self.reportChange?()
        }
    }
}
