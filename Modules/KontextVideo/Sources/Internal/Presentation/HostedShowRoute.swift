import Foundation

/// Where a host that the app did not build itself (the SwiftUI host) shows an ad: the decision,
/// kept here in portable code, so the SwiftUI layer only carries it out.
///
/// - An overlay or pause ad goes in the host's view. Before SwiftUI made that view, in a
///   ``DetachedHostView``: the SDK's own checks then answer as for a view out of its window
///   (`presenterUnavailable`, after `notLoaded`, `alreadyShown` and the rest, in their usual order).
/// - A linear ad is presented from the host's view controller while it is in a window, as
///   `show(from: viewController)`; otherwise from the key window's top view controller, as
///   `show()` — the reference's default, which the UIKit example also falls back on.
enum HostedShowRoute: Equatable {
    /// `show(in:insets:)` with the host's view (or a detached one).
    case inHostView
    /// `show(from:)` with the host's view controller.
    case fromHostController
    /// `show()`: the key window's top view controller.
    case fromKeyWindow

    /// The route for an ad of `format`.
    /// - Parameters:
    ///   - format: The ad's format.
    ///   - hostIsInWindow: Whether the host's view controller's view is in a window.
    static func route(for format: AdFormat, hostIsInWindow: Bool) -> HostedShowRoute {
        switch format {
        case .overlay, .pause: .inHostView
        case .linear: hostIsInWindow ? .fromHostController : .fromKeyWindow
        }
    }
}

/// The host view of an overlay or pause ad shown before its real view exists: never in a window,
/// so `show(in:insets:)` throws `presenterUnavailable` after its other checks, and nothing is
/// shown. It keeps the SwiftUI host's errors the SDK's own.
@MainActor
final class DetachedHostView: VideoAdHostView {
    var videoAdBoundsSize: CGSize { .zero }
    var videoAdSafeAreaInsets: VideoAdInsets { .zero }
    var videoAdIsInWindow: Bool { false }
    var videoAdIsHidden: Bool { false }
}
