// The platform services on iOS, tvOS and visionOS, put together from one file per UIKit concept.
// Glue only: it measures, presents and opens; every decision is the portable caller's. In an app
// extension the parts that need the app object (`HostApplication`) report nothing.
#if canImport(UIKit)
import UIKit
import KontextVideoNetworking
import KontextVideoCreatives

/// `PlatformServices` on iOS, tvOS and visionOS.
@MainActor
final class UIKitPlatform: PlatformServices {
    let clickOpener: any ClickOpening = OrderedClickOpener(SystemClickOpener())
    let clickInputRule = ClickInputRule.current
    #if os(iOS) || os(visionOS)
    /// SKAdNetwork, AdAttributionKit and the App Store overlay, where the OS has them.
    let attribution: any AppAttributing = StoreKitAttribution()
    #else
    /// None on tvOS: no product sheet, overlay or view-through impression there.
    let attribution: any AppAttributing = NoAttribution.shared
    #endif
    /// The app's foreground and background, observed once this platform is asked.
    private let lifecycle = ApplicationLifecycle()
    /// Each scene's moves, observed once this platform is asked.
    private let sceneLifecycle = SceneLifecycle()

    func defaultPresenter() -> (any VideoAdPresenter)? {
        KeyWindow.topViewController().map(UIViewControllerPresenter.init)
    }

    func attach(_ creativeView: PlatformView?, to host: any VideoAdHostView) {
        // The host is the SDK's wrapper of the app's view, or an app's own UIView that conforms.
        guard let content = creativeView,
              let hostView = (host as? UIViewHost)?.view ?? (host as? UIView),
              content.superview !== hostView else { return }
        hostView.addSubview(content)
    }

    func observeApplicationActivity(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool? {
        lifecycle.observe(onChange)
    }

    func observeScenes(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void) {
        sceneLifecycle.observe(onChange)
    }

    /// The window scene of the app's view or controller (wrapped by the SDK, or the app's own
    /// `UIView` that conforms to `VideoAdHostView`).
    func scene(of surface: AnyObject) -> SceneIdentity? {
        let scene: UIWindowScene? = switch surface {
        case let host as UIViewHost: host.view?.window?.windowScene
        case let view as UIView: view.window?.windowScene
        case let presenter as UIViewControllerPresenter: presenter.windowScene
        case let controller as UIViewController: controller.viewIfLoaded?.window?.windowScene
        default: nil
        }
        return scene.map(SceneIdentity.init)
    }

    var trackingAuthorizationStatus: TrackingAuthorizationStatus? {
        TrackingAuthorization.status
    }

    func requestTrackingAuthorization() async {
        await TrackingAuthorization.request()
    }

    func deviceIdentifiers() -> DeviceIdentifiers {
        TrackingAuthorization.identifiers()
    }

    func deviceFacts() -> DeviceFacts {
        DeviceFacts.gatheredFromDevice()
    }

    var hostProcessKind: HostProcessKind { .current }
}
#endif
