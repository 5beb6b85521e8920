import Foundation
import KontextVideoNetworking
import KontextVideoCreatives

/// What the operating system offers an app-install ad's attribution: reported by the platform's
/// attribution glue (`AppAttributing`), a value so the plan stays portable.
package struct AttributionCapabilities: Sendable, Hashable {
    /// AdAttributionKit's `AppImpression` (iOS 17.4).
    package var adAttributionKit: Bool
    /// SKAdNetwork 4's view-through impressions with a source identifier (`SKAdImpression`, iOS 16.1).
    package var skAdNetworkViewThrough: Bool
    /// The App Store overlay (`SKOverlay`: iOS 14, visionOS 1).
    package var appStoreOverlay: Bool

    /// Capabilities as the OS reports them.
    package init(adAttributionKit: Bool, skAdNetworkViewThrough: Bool, appStoreOverlay: Bool) {
        self.adAttributionKit = adAttributionKit
        self.skAdNetworkViewThrough = skAdNetworkViewThrough
        self.appStoreOverlay = appStoreOverlay
    }

    /// Nothing: a platform without StoreKit (tvOS, macOS, Linux).
    package static let none = AttributionCapabilities(adAttributionKit: false, skAdNetworkViewThrough: false, appStoreOverlay: false)
}

/// One view-through window: the impression Apple counts when the ad was seen long enough, opened
/// once at the ad's impression and closed once when it leaves the screen.
package struct ViewThroughWindow: Sendable, Hashable {
    /// Which of Apple's frameworks records it, with what the server signed.
    package enum Recorder: Sendable, Hashable {
        /// AdAttributionKit: `AppImpression(compactJWS:)`, `beginView()` / `endView()`.
        case adAttributionKit(jws: String)
        /// SKAdNetwork 4: `SKAdImpression`, `startImpression` / `endImpression`.
        case skAdNetwork(SKAdNetworkPayload, SKAdNetworkFidelity)
    }

    /// The ad's id.
    package let adId: String
    /// The advertised app's App Store id: one window per app at a time.
    package let appStoreID: String
    /// Who records it.
    package let recorder: Recorder

    /// The shortest window Apple counts: 2 s for AdAttributionKit ("visible for at least two
    /// seconds", doc: /documentation/AdAttributionKit/AppImpression), 3 s for SKAdNetwork
    /// ("StoreKit only records the impression if the ad was displayed a minimum of 3 seconds",
    /// doc: /documentation/StoreKit/SKAdNetwork/endImpression(_:completionHandler:)).
    package var minimumLength: Duration {
        switch recorder {
        case .adAttributionKit: .seconds(2)
        case .skAdNetwork: .seconds(3)
        }
    }
}

/// Why an ad's view-through window closed (or never opened).
enum AttributionExit: Sendable, Hashable {
    /// The ad ended (its delegate heard `didEnd` with this reason; `destroy()` is `.destroyed`).
    case ended(VideoAdEndReason)
    /// The app, or the ad's own scene, went to the background. (An answer's expiry closes none:
    /// only an ad not yet shown expires, `VideoAdLifecycle`, and its window never opened.)
    case background
    /// The SDK's session ended under it (a reset): the window still closes (StoreKit hears its
    /// end), though the ad's delegate hears nothing more.
    case abandoned
}

/// One app-install ad's attribution as a value, like `LinearPlaybackSession`: inputs in, actions
/// out, no I/O and no clock (the time comes with the input). The glue (`AppAttributing`) only calls
/// StoreKit and AdAttributionKit with what it says.
///
/// - **StoreKit-rendered (fidelity 1)**: a tap opens the product sheet with
///   `productSheet(for:capabilities:)`'s parameters: every SKAdNetwork 4 key, or AdAttributionKit's
///   impression where the OS has it and the answer carries one.
/// - **View-through (fidelity 0)**: a window opens at the impression (the first frame of a video,
///   `show()` of an image or HTML) and closes at the first way the ad leaves the screen (each end
///   reason, `destroy()`, the app or the ad's scene in the background, a reset; an answer expires only
///   before its ad is shown, so no window is open then). It opens
///   at most once and closes at most once, never before it opened; a window shorter than Apple's
///   minimum still closes (StoreKit must hear the end) and is said to be too short. While another
///   ad's window for the same app is open, none opens (Apple keeps one per advertised app).
/// - **Overlay** (a linear app-install ad whose answer asks): the App Store overlay rises at the
///   end card or after the answer's seconds of video, once, and goes at the end.
///
/// | input | waiting | open | closed |
/// |---|---|---|---|
/// | `impression` | `startView` → open (nothing when no recorder or another window of the app is open → closed) | nothing | nothing |
/// | `left` | → closed | `endView` → closed | nothing |
/// | `creative(.progress / .endCardShown)` | overlay rules | overlay rules | nothing |
struct AttributionPlan: Sendable, Equatable {
    /// Where the view-through window stands.
    enum Phase: Sendable, Equatable {
        /// Before the impression.
        case waiting
        /// Open since this time on the runtime's clock.
        case open(since: Duration)
        /// Closed, or never to open: nothing more happens.
        case closed
    }

    /// What happens to the ad.
    enum Input: Sendable, Equatable {
        /// The ad's impression, at `now`; `appWindowOpen` says whether another ad's window for the
        /// same app is open.
        case impression(now: Duration, appWindowOpen: Bool)
        /// The creative reported `event` (a video's progress, its end card).
        case creative(CreativeEvent)
        /// The ad left the screen, at `now`.
        case left(AttributionExit, now: Duration)
    }

    /// What to do, in order.
    enum Action: Sendable, Equatable {
        /// Open the view-through window (`startImpression`, `beginView()`).
        case startView(ViewThroughWindow)
        /// Close it after `length`; `tooShort` when Apple will not count it.
        case endView(ViewThroughWindow, length: Duration, tooShort: Bool)
        /// No window opened: another ad's window for the same app is open.
        case viewSkippedForOpenWindow
        /// Put up the App Store overlay.
        case presentOverlay(AppStoreOverlay)
        /// Take the overlay down.
        case dismissOverlay
    }

    /// Where the window stands.
    private(set) var phase: Phase = .waiting
    /// The window this ad opens, if it opens one.
    let window: ViewThroughWindow?
    /// The overlay this ad shows, if it shows one.
    let overlay: AppStoreOverlay?
    /// Whether the overlay is up.
    private(set) var overlayShown = false
    /// Whether the overlay came and went (it rises once).
    private var overlayDone = false

    /// The plan of an ad of `format` whose creative is `creative` (its id `adId`), on an OS with
    /// `capabilities`.
    init(adId: String, format: AdFormat, creative: ServedCreative, capabilities: AttributionCapabilities) {
        window = Self.viewThrough(adId: adId, creative: creative, capabilities: capabilities)
        if format == .linear, capabilities.appStoreOverlay, let appStoreID = creative.appStoreID, let request = creative.attribution?.overlay {
            overlay = AppStoreOverlay(
                appStoreID: appStoreID, position: request.position, moment: request.moment,
                attribution: Self.productSheet(for: creative, capabilities: capabilities))
        } else {
            overlay = nil
        }
        if window == nil { phase = .closed }
    }

    /// The view-through window of `creative`: AdAttributionKit where the OS has it and the answer
    /// carries an impression, else SKAdNetwork's fidelity 0 where the OS has it; `nil` otherwise.
    static func viewThrough(adId: String, creative: ServedCreative, capabilities: AttributionCapabilities) -> ViewThroughWindow? {
        guard let appStoreID = creative.appStoreID, let attribution = creative.attribution else { return nil }
        if capabilities.adAttributionKit, let jws = attribution.adAttributionKitJWS {
            return ViewThroughWindow(adId: adId, appStoreID: appStoreID, recorder: .adAttributionKit(jws: jws))
        }
        if capabilities.skAdNetworkViewThrough, let payload = attribution.skAdNetwork, let signed = payload.fidelity(.viewThrough) {
            return ViewThroughWindow(adId: adId, appStoreID: appStoreID, recorder: .skAdNetwork(payload, signed))
        }
        return nil
    }

    /// What the product sheet of `creative` is opened with (fidelity 1): AdAttributionKit's
    /// impression where the OS has it and the answer carries one, else every SKAdNetwork 4 key of
    /// its StoreKit-rendered signature; `nil` for an ad with neither (the sheet opens with the
    /// App Store id alone, as before).
    static func productSheet(for creative: ServedCreative, capabilities: AttributionCapabilities) -> ProductSheetAttribution? {
        guard let appStoreID = creative.appStoreID, let attribution = creative.attribution else { return nil }
        if capabilities.adAttributionKit, let jws = attribution.adAttributionKitJWS {
            return ProductSheetAttribution(parameters: [.init(.itemIdentifier, .string(appStoreID))], adAttributionKitJWS: jws)
        }
        guard let payload = attribution.skAdNetwork, let signed = payload.fidelity(.storeKitRendered) else { return nil }
        return ProductSheetAttribution(parameters: [
            .init(.itemIdentifier, .string(appStoreID)),
            .init(.adNetworkIdentifier, .string(payload.networkId)),
            .init(.adNetworkVersion, .string(payload.version)),
            .init(.adNetworkSourceIdentifier, .number(payload.sourceIdentifier)),
            .init(.adNetworkSourceAppStoreIdentifier, .number(payload.sourceAppId)),
            .init(.adNetworkNonce, .uuid(signed.nonce)),
            .init(.adNetworkTimestamp, .number(signed.timestamp)),
            .init(.adNetworkAttributionSignature, .string(signed.signature)),
        ], adAttributionKitJWS: nil)
    }

    /// Takes `input`; returns what to do, in order.
    mutating func take(_ input: Input) -> [Action] {
        switch (input, phase) {
        case (.impression(let now, let appWindowOpen), .waiting):
            guard let window else { return [] }
            if appWindowOpen {
                phase = .closed
                return [.viewSkippedForOpenWindow]
            }
            phase = .open(since: now)
            return [.startView(window)]
        case (.left(_, let now), .open(let since)):
            phase = .closed
            guard let window else { return dismissingOverlay() }
            let length = max(.zero, now - since)
            return [.endView(window, length: length, tooShort: length < window.minimumLength)] + dismissingOverlay()
        case (.left, _):
            phase = .closed
            return dismissingOverlay()
        case (.creative(let event), _):
            return overlayActions(for: event)
        case (.impression, _):
            return []
        }
    }

    /// The overlay's rise: once, at its moment, while the ad is on screen.
    private mutating func overlayActions(for event: CreativeEvent) -> [Action] {
        guard let overlay, !overlayShown, !overlayDone else { return [] }
        let due: Bool = switch (overlay.moment, event) {
        case (.endCard, .endCardShown): true
        case (.afterSeconds(let delay), .progress(let position)): position.isFinite && position >= delay
        default: false
        }
        guard due else { return [] }
        overlayShown = true
        return [.presentOverlay(overlay)]
    }

    /// Takes the overlay down when it is up; it never rises again.
    private mutating func dismissingOverlay() -> [Action] {
        overlayDone = true
        guard overlayShown else { return [] }
        overlayShown = false
        return [.dismissOverlay]
    }
}

/// The App Store overlay of one linear ad, as the glue presents it.
package struct AppStoreOverlay: Sendable, Hashable {
    /// The advertised app.
    package let appStoreID: String
    /// Where it sits.
    package let position: AppStoreOverlayRequest.Position
    /// When it rises.
    package let moment: AppStoreOverlayRequest.Moment
    /// The StoreKit-rendered attribution it carries, as the product sheet would.
    package let attribution: ProductSheetAttribution?
}
