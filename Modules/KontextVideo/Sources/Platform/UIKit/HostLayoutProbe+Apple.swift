// A view of the SDK's own inside the app's view: its UIKit callbacks are the app's view's layout
// pass, so a shown ad is measured when the view resizes, rotates, changes its safe area or leaves
// its window, and not on a timer. It only forwards the callbacks.
#if canImport(UIKit)
import UIKit

/// Covers the app's view (it resizes with it), draws nothing and takes no touch, and calls
/// `onLayoutChange` from UIKit's callbacks:
/// - `layoutSubviews()`, when UIKit lays it out (doc: /documentation/UIKit/UIView/layoutSubviews()),
///   as it does after the app's view changed size: the app's view "adjusts the size of its subviews
///   when its bounds change" (doc: /documentation/UIKit/UIView/autoresizesSubviews), this one by its
///   autoresizing mask;
/// - `safeAreaInsetsDidChange()`, when the safe area changes (doc: /documentation/UIKit/UIView/safeAreaInsetsDidChange());
/// - `didMoveToWindow()`, when the app's view (and so this one) enters or leaves a window
///   (doc: /documentation/UIKit/UIView/didMoveToWindow()).
/// `isUserInteractionEnabled` is `false`, so touches go to the views under it.
@MainActor
final class HostLayoutProbe: UIView {
    /// Called from each callback, in UIKit's layout pass: the presentation relayouts there, and an
    /// interruption it finds there ends the ad on the next main-actor turn, never inside the pass.
    var onLayoutChange: (@MainActor () -> Void)?

    /// A probe covering `bounds`, resizing with its superview.
    init(covering bounds: CGRect) {
        super.init(frame: bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isUserInteractionEnabled = false
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        onLayoutChange?()
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        onLayoutChange?()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        onLayoutChange?()
    }
}
#endif
