// The app's UIView as the host of an overlay or pause ad, without adding anything to UIView:
// `show(in: UIView, insets:)` wraps the view in this internal adapter. It only measures, and
// forwards the view's layout pass (through `HostLayoutProbe`).
#if canImport(UIKit)
import UIKit

/// Stands for the app's `UIView` as a `VideoAdHostView`. Held by the presentation for as long as
/// the ad is shown; holds the view weakly, so a view the app let go reads as gone.
///
/// Reports the view's changes from UIKit's own callbacks, through a `HostLayoutProbe` added to the
/// view while the ad is shown: size, safe area and window. Not its visibility: UIKit documents no
/// change signal for `isHidden` or `alpha` (`isHidden` reflects the view's own state only, not its
/// ancestors', doc: /documentation/UIKit/UIView/isHidden; key-value observing is for properties
/// marked `@objc dynamic`, doc: /documentation/Swift/using-key-value-observing-in-swift),
/// so for that alone the presentation still measures the view every half second.
@MainActor
final class UIViewHost: HostViewAdapter {
    private(set) weak var view: UIView?
    /// The probe in the view while an ad is shown; the view keeps it.
    private weak var probe: HostLayoutProbe?

    init(_ view: UIView) {
        self.view = view
    }

    var isWrappedViewAlive: Bool { view != nil }

    let reportsVisibilityChanges = false

    /// Adds a probe to the view that calls `onChange` in the view's layout pass. The view keeps
    /// the probe, and the probe `onChange`, so both go when the view does.
    func videoAdReportChanges(to onChange: @escaping @MainActor () -> Void) -> Bool {
        guard let view else { return false }
        let probe = HostLayoutProbe(covering: view.bounds)
        view.addSubview(probe)
        probe.onLayoutChange = onChange
        self.probe = probe
        return true
    }

    /// Takes the probe out of the view.
    func videoAdDidRemove() {
        probe?.onLayoutChange = nil
        probe?.removeFromSuperview()
        probe = nil
    }

    var videoAdBoundsSize: CGSize { view?.bounds.size ?? .zero }

    var videoAdSafeAreaInsets: VideoAdInsets {
        view.map { VideoAdInsets($0.safeAreaInsets) } ?? .zero
    }

    var videoAdIsInWindow: Bool { view?.window != nil }

    /// Whether the view, or one of its ancestors, is hidden or fully transparent, as
    /// `HostVisibility` decides from each one's `isHidden` and `alpha`.
    var videoAdIsHidden: Bool {
        guard let view else { return false }
        return HostVisibility.isHidden(sequence(first: view, next: \.superview).lazy.map {
            HostVisibility.Layer(isHidden: $0.isHidden, alpha: $0.alpha)
        })
    }
}
#endif
