// The UIKit, StoreKit, AppTrackingTransparency and AVFoundation glue: thin, and the only platform
// code of the facade. Every decision (what to throw, when to end, what to open) is made in the
// portable files; these only measure views, present controllers and open URLs.
#if canImport(UIKit)
import UIKit

extension UIView: VideoAdHostView {
    /// The view's size in points.
    public var videoAdBoundsSize: CGSize { bounds.size }

    /// The view's safe-area insets.
    public var videoAdSafeAreaInsets: VideoAdInsets {
        VideoAdInsets(safeAreaInsets)
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
    ///
    /// Throws, with nothing shown: `notLoaded`, `alreadyShown`, `anotherAdShowing`, `invalidated(_:)`,
    /// `destroyed`, `disabled(reason:)`, `presenterUnavailable`, `containerTooSmall(minimum:)` and
    /// `contentPaused` (the ad stays ready in these three), `wrongPresentation` (a linear ad).
    public func show(in view: UIView, insets: UIEdgeInsets = .zero) throws {
        try show(in: view as any VideoAdHostView, insets: VideoAdInsets(insets))
    }
}

/// The linear ad's full-screen controller: it shows the creative's view and tells the SDK when
/// UIKit took it away without the SDK asking.
final class LinearAdViewController: UIViewController {
    let presentation: LinearAdPresentation
    private var dismissedBySDK = false

    init(presentation: LinearAdPresentation) {
        self.presentation = presentation
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
        modalTransitionStyle = .crossDissolve
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

    override var prefersStatusBarHidden: Bool { true }
    override var prefersHomeIndicatorAutoHidden: Bool { true }

    func dismissBySDK(completion: @escaping @MainActor @Sendable () -> Void) {
        dismissedBySDK = true
        guard let presenting = presentingViewController else {
            completion()
            return
        }
        // Dismissed from below: this closes the ad and anything it presented (an App Store sheet
        // opened by a click), so the ad's screen really is gone when `didEnd` arrives.
        presenting.dismiss(animated: true, completion: completion)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if !dismissedBySDK, isBeingDismissed || presentingViewController == nil {
            presentation.presenterDidDismiss()
        }
    }
}

extension UIViewController: VideoAdPresenter {
    /// Whether this controller is on screen, not in a transition, and presents nothing else.
    public var canPresentVideoAd: Bool {
        viewIfLoaded?.window != nil
            && presentedViewController == nil
            && !isBeingDismissed
            && !isBeingPresented
            && transitionCoordinator == nil
    }

    /// Presents the ad's full-screen controller.
    public func presentVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor (Bool) -> Void) {
        let controller = LinearAdViewController(presentation: presentation)
        presentation.platformController = controller
        present(controller, animated: true) { [weak controller] in
            MainActor.assumeIsolated {
                completion(controller?.presentingViewController != nil)
            }
        }
    }

    /// Dismisses the ad's full-screen controller, wherever it ended up in the presentation chain.
    public func dismissVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor () -> Void) {
        guard let controller = presentation.platformController as? LinearAdViewController else {
            completion()
            return
        }
        controller.dismissBySDK {
            MainActor.assumeIsolated { completion() }
        }
    }
}

/// Adds the creative's view to the host view (the renderer already sized it).
@MainActor
func attachPlatformView(_ platformView: AnyObject?, to host: any VideoAdHostView) {
    guard let content = platformView as? UIView, let host = host as? UIView, content.superview !== host else { return }
    host.addSubview(content)
}

/// Opens click targets: on iOS the App Store product sheet inside the app for an app-install ad;
/// otherwise the URL, and its fallback when the URL cannot open.
@MainActor
final class SystemClickOpener: NSObject, ClickOpening {
    func open(_ target: ClickTarget) {
        #if os(iOS)
        if let appStoreID = target.appStoreID, let presenter = platformDefaultPresenter() as? UIViewController {
            ProductSheet.present(appStoreID, from: presenter) { [weak self] loaded in
                if !loaded { self?.openURL(target) }
            }
            return
        }
        #endif
        openURL(target)
    }

    private func openURL(_ target: ClickTarget) {
        guard let url = target.url ?? target.fallbackURL else { return }
        UIApplication.shared.open(url, options: [:]) { opened in
            guard !opened, let fallback = target.fallbackURL, fallback != url else { return }
            UIApplication.shared.open(fallback, options: [:], completionHandler: nil)
        }
    }
}

#if os(iOS)
import StoreKit

/// The App Store product sheet, presented inside the app; taken down again when it cannot load.
@MainActor
final class ProductSheet: NSObject, SKStoreProductViewControllerDelegate {
    private static var current: ProductSheet?

    static func present(_ appStoreID: String, from presenter: UIViewController, loaded: @escaping @MainActor (Bool) -> Void) {
        let sheet = ProductSheet()
        current = sheet
        let store = SKStoreProductViewController()
        store.delegate = sheet
        store.loadProduct(withParameters: [SKStoreProductParameterITunesItemIdentifier: appStoreID]) { ok, _ in
            Task { @MainActor in
                if !ok {
                    store.presentingViewController?.dismiss(animated: true)
                    current = nil
                }
                loaded(ok)
            }
        }
        presenter.present(store, animated: true)
    }

    nonisolated func productViewControllerDidFinish(_ viewController: SKStoreProductViewController) {
        Task { @MainActor in
            viewController.presentingViewController?.dismiss(animated: true)
            ProductSheet.current = nil
        }
    }
}
#endif

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
    while let presented = top?.presentedViewController, !presented.isBeingDismissed { top = presented }
    return top
}

/// Observers of the app's lifecycle, added once per process.
@MainActor
private var lifecycleObservers: [any NSObjectProtocol] = []

extension KontextVideo {
    /// Follows the app's foreground and background, so time in the background does not count
    /// toward the creative load time-out. Starts from the app's state now (a launch may be in the
    /// background), and observes once per process.
    func observeApplicationLifecycle() {
        setApplicationActive(UIApplication.shared.applicationState != .background)
        guard lifecycleObservers.isEmpty else { return }
        let center = NotificationCenter.default
        lifecycleObservers = [
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { @Sendable _ in
                Task { @MainActor in KontextVideo.shared.setApplicationActive(false) }
            },
            center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { @Sendable _ in
                Task { @MainActor in KontextVideo.shared.setApplicationActive(true) }
            },
        ]
    }
}
#endif

#if canImport(AppTrackingTransparency)
import AppTrackingTransparency

extension KontextVideo {
    /// Shows the App Tracking Transparency dialog when the app asked the SDK to
    /// (`Configuration.requestTrackingAuthorization`) and the user was never asked. The system
    /// shows it only to an active app, so this waits for the app to become active first.
    func requestTrackingAuthorization() async {
        guard ATTrackingManager.trackingAuthorizationStatus == .notDetermined else { return }
        #if canImport(UIKit)
        if UIApplication.shared.applicationState != .active {
            _ = await NotificationCenter.default.notifications(named: UIApplication.didBecomeActiveNotification)
                .first { _ in true }
        }
        #endif
        _ = await ATTrackingManager.requestTrackingAuthorization()
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
