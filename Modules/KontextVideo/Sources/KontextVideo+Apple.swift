// The UIKit and AVFoundation glue: thin, and the only platform code of the facade.
#if canImport(UIKit)
import UIKit
import StoreKit

extension UIView: VideoAdHostView {
    /// The view's size in points.
    public var videoAdBoundsSize: CGSize { bounds.size }

    /// The view's safe-area insets.
    public var videoAdSafeAreaInsets: VideoAdInsets {
        VideoAdInsets(top: safeAreaInsets.top, left: safeAreaInsets.left, bottom: safeAreaInsets.bottom, right: safeAreaInsets.right)
    }

    /// Whether the view is in a window.
    public var videoAdIsInWindow: Bool { window != nil }

    /// Whether the view or one of its ancestors is hidden (or fully transparent).
    public var videoAdIsHidden: Bool {
        var view: UIView? = self
        while let current = view {
            if current.isHidden || current.alpha < 0.01 { return true }
            view = current.superview
        }
        return false
    }
}

extension VideoAdInsets {
    /// The same insets as `UIEdgeInsets`.
    public init(_ insets: UIEdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

extension VideoAd {
    /// Shows an overlay or pause ad inside `view`, keeping `insets` free on top of its safe area.
    public func show(in view: UIView, insets: UIEdgeInsets = .zero) throws {
        try show(in: view as any VideoAdHostView, insets: VideoAdInsets(insets))
    }
}

/// Presents the linear ad's full-screen controller and reports when UIKit took it away.
final class LinearAdViewController: UIViewController {
    let presentation: LinearAdPresentation
    private var dismissedBySDK = false

    init(presentation: LinearAdPresentation) {
        self.presentation = presentation
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        if let content = presentation.platformView as? UIView {
            content.frame = view.bounds
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(content)
        }
    }

    func dismissBySDK(completion: @escaping () -> Void) {
        dismissedBySDK = true
        dismiss(animated: true, completion: completion)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if !dismissedBySDK, isBeingDismissed || presentingViewController == nil {
            presentation.presenterDidDismiss()
        }
    }
}

extension UIViewController: VideoAdPresenter {
    /// Whether this controller is on screen and presents nothing else.
    public var canPresentVideoAd: Bool {
        viewIfLoaded?.window != nil && presentedViewController == nil && !isBeingDismissed
    }

    /// Presents the ad's full-screen controller.
    public func presentVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor (Bool) -> Void) {
        let controller = LinearAdViewController(presentation: presentation)
        present(controller, animated: true) { [weak controller] in
            completion(controller?.presentingViewController != nil)
        }
    }

    /// Dismisses the ad's full-screen controller.
    public func dismissVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor () -> Void) {
        guard let controller = presentedViewController as? LinearAdViewController, controller.presentation === presentation else {
            completion()
            return
        }
        controller.dismissBySDK { completion() }
    }
}

/// Adds the creative's view to the host view (the renderer already sized it).
@MainActor
func attachPlatformView(_ platformView: AnyObject?, to host: any VideoAdHostView) {
    guard let content = platformView as? UIView, let host = host as? UIView, content.superview !== host else { return }
    host.addSubview(content)
}

/// Opens click targets: the App Store product sheet inside the app for an app-install ad,
/// otherwise the URL, and its fallback when the URL cannot open.
@MainActor
final class SystemClickOpener: NSObject, ClickOpening, SKStoreProductViewControllerDelegate {
    func open(_ target: ClickTarget) {
        if let appStoreID = target.appStoreID, let presenter = platformDefaultPresenter() as? UIViewController {
            let store = SKStoreProductViewController()
            store.delegate = self
            store.loadProduct(withParameters: [SKStoreProductParameterITunesItemIdentifier: appStoreID]) { loaded, _ in
                if !loaded { Task { @MainActor in self.openURL(target) } }
            }
            presenter.present(store, animated: true)
            return
        }
        openURL(target)
    }

    private func openURL(_ target: ClickTarget) {
        guard let url = target.url ?? target.fallbackURL else { return }
        UIApplication.shared.open(url, options: [:]) { opened in
            guard !opened, let fallback = target.fallbackURL, fallback != url else { return }
            UIApplication.shared.open(fallback, options: [:], completionHandler: nil)
        }
    }

    nonisolated func productViewControllerDidFinish(_ viewController: SKStoreProductViewController) {
        Task { @MainActor in viewController.presentingViewController?.dismiss(animated: true) }
    }
}

@MainActor
func platformClickOpener() -> any ClickOpening {
    SystemClickOpener()
}

/// The key window's top view controller, for `show(from: nil)`.
@MainActor
func platformDefaultPresenter() -> (any VideoAdPresenter)? {
    let window = UIApplication.shared.connectedScenes
        .compactMap { $0 as? UIWindowScene }
        .flatMap(\.windows)
        .first(where: \.isKeyWindow)
    var top = window?.rootViewController
    while let presented = top?.presentedViewController { top = presented }
    return top
}

extension KontextVideo {
    /// Follows the app's foreground and background, so time in the background does not count
    /// toward the creative load time-out. Called once at `initialize`.
    func observeApplicationLifecycle() {
        let center = NotificationCenter.default
        center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { KontextVideo.shared.setApplicationActive(false) }
        }
        center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { KontextVideo.shared.setApplicationActive(true) }
        }
    }
}
#endif

#if canImport(AVFoundation) && canImport(Combine)
import AVFoundation
import KontextVideoPlayerTracking

extension VideoAds {
    /// The `AVPlayer` this episode plays in: the SDK reads its time and follows its playback
    /// (its own rate, and `timeControlStatus` changes at once). Held weakly; `destroy()` lets go.
    public func track(_ player: AVPlayer) {
        guard !core.isDestroyed else { return }
        core.playerTracker.track(adapter: AVPlayerAdapter(player))
    }

    /// Reads the content playhead from `player`.
    @available(*, deprecated, renamed: "track(_:)")
    public func trackPlayhead(of player: AVPlayer) {
        track(player)
    }
}
#endif

#if canImport(AppTrackingTransparency)
import AppTrackingTransparency

extension KontextVideo {
    /// Shows the App Tracking Transparency dialog when the app asked the SDK to
    /// (`Configuration.requestTrackingAuthorization`) and the user was never asked.
    func requestTrackingAuthorization() async {
        guard ATTrackingManager.trackingAuthorizationStatus == .notDetermined else { return }
        _ = await ATTrackingManager.requestTrackingAuthorization()
    }
}
#endif
