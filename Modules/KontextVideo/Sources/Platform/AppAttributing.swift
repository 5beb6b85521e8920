import Foundation

/// Apple's attribution of app-install ads, as the platform offers it: the seam between the
/// portable `AttributionPlan` and StoreKit / AdAttributionKit (`StoreKitAttribution+Apple.swift`),
/// or the test kit's recording double. It decides nothing: it opens and closes the windows, and
/// puts up and takes down the overlay, when the plan says; `now` is the SDK's clock, for a
/// recorder to keep.
@MainActor
package protocol AppAttributing: AnyObject {
    /// What this OS offers (read when an ad goes on screen).
    var capabilities: AttributionCapabilities { get }
    /// Opens `window` (`SKAdNetwork.startImpression`, `AppImpression.beginView()`).
    func startView(_ window: ViewThroughWindow, now: Duration)
    /// Closes `window`, open for `length` (`endImpression`, `endView()`); `tooShort` when it was
    /// open less than Apple's minimum (it is closed all the same: StoreKit must hear the end).
    func endView(_ window: ViewThroughWindow, length: Duration, tooShort: Bool, now: Duration)
    /// Puts up the App Store overlay of `overlay` over the ad of `adId`, in the scene
    /// `AppStoreOverlayScene` chooses from `adScene` (the scene the ad is shown in, when known).
    func presentOverlay(_ overlay: AppStoreOverlay, adId: String, adScene: SceneIdentity?, now: Duration)
    /// Takes down the overlay of `adId`.
    func dismissOverlay(adId: String, now: Duration)
}

extension PlatformServices {
    /// No attribution: a platform that names none (a test's own platform).
    package var attribution: any AppAttributing { NoAttribution.shared }
}

/// Where there is no StoreKit (tvOS, macOS, Linux): nothing to open, no capability.
@MainActor
package final class NoAttribution: AppAttributing {
    /// The one instance.
    package static let shared = NoAttribution()
    /// Nothing.
    package var capabilities: AttributionCapabilities { .none }
    /// Nothing happens.
    package func startView(_ window: ViewThroughWindow, now: Duration) {}
    /// Nothing happens.
    package func endView(_ window: ViewThroughWindow, length: Duration, tooShort: Bool, now: Duration) {}
    /// Nothing happens.
    package func presentOverlay(_ overlay: AppStoreOverlay, adId: String, adScene: SceneIdentity?, now: Duration) {}
    /// Nothing happens.
    package func dismissOverlay(adId: String, now: Duration) {}
}
