// Apple's attribution of app-install ads: SKAdNetwork 4's view-through impressions (iOS 16.1),
// AdAttributionKit's app impressions (iOS 17.4) and the App Store overlay (iOS 14, visionOS 1).
// Glue only: `AttributionPlan` decides when a window opens and closes and when the overlay rises;
// this file calls StoreKit and AdAttributionKit with what it says. tvOS has none of it
// (`UIKitPlatform` gives it `NoAttribution`); visionOS has the overlay only (SKAdImpression's and
// AppImpression's pages list no visionOS).
#if canImport(UIKit) && canImport(StoreKit) && (os(iOS) || os(visionOS))
import UIKit
import StoreKit
import KontextVideoNetworking
#if canImport(AdAttributionKit)
import AdAttributionKit
#endif

/// `AppAttributing` on iOS and visionOS.
@MainActor
final class StoreKitAttribution: AppAttributing {
    #if os(iOS)
    /// The SKAdNetwork impression of each open window, by ad: `endImpression` must get the same
    /// instance as `startImpression` (doc: /documentation/StoreKit/SKAdNetwork/endImpression(_:completionHandler:)).
    private var impressions: [String: SKAdImpression] = [:]
    #endif
    /// The end of each open AdAttributionKit window, by ad: its task waits for it.
    private var viewEnds: [String: AsyncStream<Void>.Continuation] = [:]
    /// The overlay on screen, by ad, with the scene it is in.
    private var overlays: [String: UIWindowScene] = [:]

    var capabilities: AttributionCapabilities {
        #if os(iOS)
        var adAttributionKit = false
        #if canImport(AdAttributionKit)
        if #available(iOS 17.4, *) { adAttributionKit = true }
        #endif
        var skAdNetwork4 = false
        if #available(iOS 16.1, *) { skAdNetwork4 = true }
        return AttributionCapabilities(adAttributionKit: adAttributionKit, skAdNetworkViewThrough: skAdNetwork4, appStoreOverlay: true)
        #else
        return AttributionCapabilities(adAttributionKit: false, skAdNetworkViewThrough: false, appStoreOverlay: true)
        #endif
    }

    func startView(_ window: ViewThroughWindow, now: Duration) {
        switch window.recorder {
        case .skAdNetwork(let payload, let signed):
            #if os(iOS)
            guard #available(iOS 16.1, *) else { return }
            let impression = Self.impression(payload, signed)
            impressions[window.adId] = impression
            // "If you call startImpression … more than once for the same advertised app before
            // calling endImpression, the latest impression" replaces it: the plan keeps one per app.
            // doc: /documentation/StoreKit/SKAdNetwork/startImpression(_:completionHandler:)
            SKAdNetwork.startImpression(impression)
            #endif
        case .adAttributionKit(let jws):
            #if canImport(AdAttributionKit)
            guard #available(iOS 17.4, *) else { return }
            let (ended, end) = AsyncStream<Void>.makeStream()
            viewEnds[window.adId] = end
            // "Regenerate an AppImpression for each ad you show": one per window, made here; its
            // end waits for its begin, so `endView()` never comes first.
            // doc: /documentation/AdAttributionKit/AppImpression
            Task { @MainActor in
                guard let impression = try? await AppImpression(compactJWS: jws) else { return }
                try? await impression.beginView()
                for await _ in ended { break }
                try? await impression.endView()
            }
            #endif
        }
    }

    func endView(_ window: ViewThroughWindow, length: Duration, tooShort: Bool, now: Duration) {
        #if os(iOS)
        // Closed even when too short: StoreKit then records nothing, and says so to no one.
        if let impression = impressions.removeValue(forKey: window.adId) { SKAdNetwork.endImpression(impression) }
        #endif
        if let end = viewEnds.removeValue(forKey: window.adId) {
            end.yield()
            end.finish()
        }
    }

    func presentOverlay(_ overlay: AppStoreOverlay, adId: String, adScene: SceneIdentity?, now: Duration) {
        let usable = HostApplication.windowScenes
        guard let chosen = AppStoreOverlayScene.choose(adScene: adScene, usable: usable.map(SceneIdentity.init)),
              let scene = usable.first(where: { SceneIdentity($0) == chosen }) else { return }
        let configuration = SKOverlay.AppConfiguration(
            appIdentifier: overlay.appStoreID, position: overlay.position == .bottomRaised ? .bottomRaised : .bottom)
        #if os(iOS)
        // The overlay takes SKAdNetwork's install-validation keys as additional values (the
        // StoreKit-rendered payload, as the product sheet does).
        if let attribution = overlay.attribution {
            for (key, value) in ProductSheet.parameters(attribution, appStoreID: overlay.appStoreID) where key != SKStoreProductParameterITunesItemIdentifier {
                configuration.setAdditionalValue(value, forKey: key)
            }
        }
        #endif
        overlays[adId] = scene
        SKOverlay(configuration: configuration).present(in: scene)
    }

    func dismissOverlay(adId: String, now: Duration) {
        guard let scene = overlays.removeValue(forKey: adId) else { return }
        SKOverlay.dismiss(in: scene)
    }

    #if os(iOS)
    /// The SKAdNetwork 4 impression of `payload`'s view-through signature. SKAdNetwork 4's source
    /// identifier "replaces and extends the campaign identifier" (doc:
    /// /documentation/StoreKit/SKAdImpression/sourceIdentifier): the initializer's campaign
    /// identifier gets the same value.
    @available(iOS 16.1, *)
    private static func impression(_ payload: SKAdNetworkPayload, _ signed: SKAdNetworkFidelity) -> SKAdImpression {
        let impression = SKAdImpression(
            sourceAppStoreItemIdentifier: NSNumber(value: payload.sourceAppId),
            advertisedAppStoreItemIdentifier: NSNumber(value: payload.itemId),
            adNetworkIdentifier: payload.networkId,
            adCampaignIdentifier: NSNumber(value: payload.sourceIdentifier),
            adImpressionIdentifier: signed.nonce.uuidString.lowercased(),
            timestamp: NSNumber(value: signed.timestamp),
            signature: signed.signature,
            version: payload.version)
        impression.sourceIdentifier = NSNumber(value: payload.sourceIdentifier)
        return impression
    }
    #endif
}
#endif
