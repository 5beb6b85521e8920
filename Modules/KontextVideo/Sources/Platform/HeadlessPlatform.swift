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

    /// Creates the platform.
    /// - Parameters:
    ///   - defaultPresenter: what `show(from: nil)` presents from.
    ///   - clickOpener: what opens the viewer's taps; `nil` opens nothing.
    ///   - deviceIdentifiers: the ids ad requests carry (none, as on a platform without App Tracking Transparency).
    ///   - deviceFacts: the device ad requests describe.
    ///   - hostProcessKind: the process to behave as: `.appExtension` shows no ad (App Review 2.5.18).
    package init(
        defaultPresenter: @escaping @MainActor () -> (any VideoAdPresenter)? = { nil },
        clickOpener: (any ClickOpening)? = nil,
        deviceIdentifiers: DeviceIdentifiers = .none,
        deviceFacts: DeviceFacts = .gatheredFromProcess(),
        hostProcessKind: HostProcessKind = .app
    ) {
        self.hostProcessKind = hostProcessKind
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
    /// No App Tracking Transparency.
    package var trackingAuthorizationStatus: TrackingAuthorizationStatus? { nil }
    /// Nothing to ask.
    package func requestTrackingAuthorization() async {}
    /// The ids it was given.
    package func deviceIdentifiers() -> DeviceIdentifiers { identifiers }
    /// The facts it was given.
    package func deviceFacts() -> DeviceFacts { facts }
}

/// Where nothing can be opened: the click is recorded and reported, nothing opens.
@MainActor
private final class OpensNothing: ClickOpening {
    func open(_ target: ClickTarget, progress: @escaping @MainActor (ClickThroughProgress) -> Void) {}
}
