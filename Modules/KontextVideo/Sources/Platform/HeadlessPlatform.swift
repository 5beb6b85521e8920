import Foundation
import KontextVideoNetworking
import KontextVideoCreatives

/// The platform where there is no UIKit (macOS, Linux) and in tests: nothing to measure or
/// present, no tracking dialog. `show(from: nil)` uses the presenter it was given, clicks go to
/// the opener it was given (by default, nowhere: the click is still recorded and reported).
@MainActor
package final class HeadlessPlatform: PlatformServices {
    private let presenter: @MainActor () -> (any VideoAdPresenter)?
    private let identifiers: DeviceIdentifiers
    private let facts: DeviceFacts
    /// The process it says the SDK runs in: the main app unless told otherwise.
    package let hostProcessKind: HostProcessKind
    /// Opens the viewer's taps: the opener given, or one that opens nothing.
    package let clickOpener: any ClickOpening
    /// A touch screen whose clicks are recorded, unless told otherwise.
    package let clickInputRule: ClickInputRule
    /// The app's scenes, when the test models them; none otherwise.
    package let scenes: (any HeadlessSceneModel)?
    /// Apple's attribution as the test models it: none unless given (the test kit's recorder).
    package let attribution: any AppAttributing

    /// Creates the platform.
    /// - Parameters:
    ///   - defaultPresenter: what `show(from: nil)` presents from.
    ///   - clickOpener: what opens the viewer's taps; `nil` opens nothing.
    ///   - deviceIdentifiers: the ids ad requests carry (none, as on a platform without App Tracking Transparency).
    ///   - deviceFacts: the device ad requests describe.
    ///   - hostProcessKind: the process to behave as: `.appExtension` shows no ad (App Review 2.5.18).
    ///   - clickInputRule: which input is a click: a touch screen whose clicks are recorded (the
    ///     click opener given opens them) unless told otherwise, e.g. tvOS's rule.
    ///   - scenes: the app's scenes, which views and presenters are in them, and their moves; `nil`:
    ///     no scenes (an ad follows the app as a whole).
    ///   - attribution: Apple's attribution of app-install ads; `nil`: none, as on tvOS.
    package init(
        defaultPresenter: @escaping @MainActor () -> (any VideoAdPresenter)? = { nil },
        clickOpener: (any ClickOpening)? = nil,
        deviceIdentifiers: DeviceIdentifiers = .none,
        deviceFacts: DeviceFacts = .gatheredFromProcess(),
        hostProcessKind: HostProcessKind = .app,
        clickInputRule: ClickInputRule = ClickInputRule(device: .touch, opensClickTargets: true),
        scenes: (any HeadlessSceneModel)? = nil,
        attribution: (any AppAttributing)? = nil
    ) {
        self.scenes = scenes
        self.attribution = attribution ?? NoAttribution.shared
        self.hostProcessKind = hostProcessKind
        self.clickInputRule = clickInputRule
        self.presenter = defaultPresenter
        self.clickOpener = clickOpener ?? OpensNothing()
        self.identifiers = deviceIdentifiers
        self.facts = deviceFacts
    }

    /// The presenter it was given.
    package func defaultPresenter() -> (any VideoAdPresenter)? { presenter() }
    /// No view hierarchy: the host is told where the ad is by `videoAdDidPlace(_:)` alone.
    package func attach(_ creativeView: PlatformView?, to host: any VideoAdHostView) {}
    /// No lifecycle to follow: the app (or the test harness) reports it itself.
    package func observeApplicationActivity(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool? { nil }
    /// The scenes' moves, as the test's model reports them.
    package func observeScenes(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void) {
        scenes?.observe(onChange)
    }
    /// The scene the test put `surface` in.
    package func scene(of surface: AnyObject) -> SceneIdentity? { scenes?.scene(of: surface) }
    /// No App Tracking Transparency.
    package var trackingAuthorizationStatus: TrackingAuthorizationStatus? { nil }
    /// Nothing to ask.
    package func requestTrackingAuthorization() async {}
    /// The ids it was given.
    package func deviceIdentifiers() -> DeviceIdentifiers { identifiers }
    /// The facts it was given.
    package func deviceFacts() -> DeviceFacts { facts }
}

/// The app's scenes as a headless test models them: which host view or presenter is in which
/// scene, and each scene's moves, reported as UIKit posts its scene notifications.
@MainActor
package protocol HeadlessSceneModel: AnyObject {
    /// The scene the test put `surface` in, if any.
    func scene(of surface: AnyObject) -> SceneIdentity?
    /// Reports each scene's move to `onChange` from now on (instead of to an earlier handler).
    func observe(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void)
}

/// Where nothing can be opened: the click is recorded and reported, nothing opens.
@MainActor
private final class OpensNothing: ClickOpening {
    func open(_ target: ClickTarget, progress: @escaping @MainActor (ClickThroughProgress) -> Void) {}
}
