import Foundation
import KontextVideoNetworking
import KontextVideoCreatives

/// What the platform the SDK runs on provides: the one seam between the portable SDK and UIKit.
///
/// Every decision is made by the portable code that calls these members; an implementation only
/// measures, presents, plays and opens. `makeCurrentPlatform()` picks the implementation once:
/// `UIKitPlatform` on iOS and tvOS, `HeadlessPlatform` everywhere else (macOS, Linux) and in
/// tests (`KontextVideoTesting` passes its own).
@MainActor
package protocol PlatformServices: AnyObject {
    /// The presenter `show(from: nil)` uses: the key window's top view controller on iOS and tvOS;
    /// `nil` when there is none.
    func defaultPresenter() -> (any VideoAdPresenter)?

    /// Puts the creative's platform view (already sized by its renderer) into the view the ad
    /// is shown in.
    func attach(_ creativeView: PlatformView?, to host: any VideoAdHostView)

    /// What opens the targets of the viewer's taps.
    var clickOpener: any ClickOpening { get }

    /// Apple's attribution of app-install ads (StoreKit, AdAttributionKit); none by default.
    var attribution: any AppAttributing { get }

    /// Which of the viewer's inputs is a click here, given what can open (none on tvOS): a click
    /// a creative reports where a tap is no click is not recorded.
    var clickInputRule: ClickInputRule { get }

    /// Starts following the app's foreground and background: `onChange` receives every change
    /// from now on (a later call's handler replaces an earlier one). Returns whether the app is
    /// in the foreground now, or `nil` when the platform cannot tell.
    func observeApplicationActivity(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool?

    /// Starts following the app's scenes: `onChange` receives each scene's move from now on (a
    /// later call's handler replaces an earlier one). Nothing where the platform has no scenes.
    func observeScenes(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void)

    /// The scene `surface` is in now (a host view or a presenter: the app's own, or the SDK's
    /// adapter of one), `nil` when it is in none or the platform cannot tell.
    func scene(of surface: AnyObject) -> SceneIdentity?

    /// Whether the user allowed tracking (App Tracking Transparency); `nil` where there is none.
    var trackingAuthorizationStatus: TrackingAuthorizationStatus? { get }

    /// Shows the system's tracking dialog (once the app is active, the only time the system
    /// shows it) and returns once the user answered.
    func requestTrackingAuthorization() async

    /// The advertising and vendor ids and the tracking status, read now (`DeviceIdentifiers`
    /// decides which are sent).
    func deviceIdentifiers() -> DeviceIdentifiers

    /// The device, screen included, measured now.
    func deviceFacts() -> DeviceFacts

    /// Whether the SDK runs in the main app or in an app extension, where no ad is shown
    /// (`AppExtensionAdPolicy`).
    var hostProcessKind: HostProcessKind { get }
}
