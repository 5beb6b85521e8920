import Foundation

/// What an app-install ad's answer carries for Apple's attribution (`creative.attribution`,
/// `PROTOCOL.md`, *App-install attribution*): the ad network's signed SKAdNetwork 4 payload, an
/// AdAttributionKit impression, and whether to show an App Store overlay. Every part is optional
/// and read on its own: a malformed part is left out (`AttributionPayloadFailure`) and the ad
/// shows without it.
package struct ServedAttribution: Sendable, Hashable {
    /// The signed SKAdNetwork payload, when the server sent a valid one.
    package var skAdNetwork: SKAdNetworkPayload?
    /// AdAttributionKit's impression as a compact JWS (`header.payload.signature`), when sent.
    package var adAttributionKitJWS: String?
    /// The App Store overlay a linear ad shows, when the answer asks for one.
    package var overlay: AppStoreOverlayRequest?

    /// Creates the attribution of an answer.
    package init(skAdNetwork: SKAdNetworkPayload? = nil, adAttributionKitJWS: String? = nil, overlay: AppStoreOverlayRequest? = nil) {
        self.skAdNetwork = skAdNetwork
        self.adAttributionKitJWS = adAttributionKitJWS
        self.overlay = overlay
    }

    /// Whether nothing usable is left.
    package var isEmpty: Bool { skAdNetwork == nil && adAttributionKitJWS == nil && overlay == nil }
}

/// The ad network's signed SKAdNetwork 4 payload: the fields every fidelity shares, and one
/// signed impression per fidelity type the server signed.
package struct SKAdNetworkPayload: Sendable, Hashable {
    /// The SKAdNetwork version signed (`"4.0"`).
    package var version: String
    /// The ad network's id (`….skadnetwork`), which the app's `SKAdNetworkItems` must list.
    package var networkId: String
    /// SKAdNetwork 4's hierarchical source identifier, 0…9999.
    package var sourceIdentifier: Int
    /// The advertised app's App Store id.
    package var itemId: Int
    /// The publisher's app's App Store id (0 for an app not on the store).
    package var sourceAppId: Int
    /// The signed impressions, at most one per fidelity type.
    package var fidelities: [SKAdNetworkFidelity]

    /// Creates a payload.
    package init(version: String, networkId: String, sourceIdentifier: Int, itemId: Int, sourceAppId: Int, fidelities: [SKAdNetworkFidelity]) {
        self.version = version
        self.networkId = networkId
        self.sourceIdentifier = sourceIdentifier
        self.itemId = itemId
        self.sourceAppId = sourceAppId
        self.fidelities = fidelities
    }

    /// The signed impression of `type`, if the server signed one.
    package func fidelity(_ type: SKAdNetworkFidelity.Kind) -> SKAdNetworkFidelity? {
        fidelities.first { $0.kind == type }
    }
}

/// One signed impression of a payload: its fidelity type, nonce, timestamp and signature (the
/// signature covers the fidelity type, so each type carries its own).
package struct SKAdNetworkFidelity: Sendable, Hashable {
    /// SKAdNetwork's fidelity types.
    package enum Kind: Int, Sendable, Hashable, CaseIterable {
        /// A view-through ad: an impression window the app opens and closes (`SKAdImpression`).
        case viewThrough = 0
        /// A StoreKit-rendered ad: the product sheet (or the overlay) opened with the payload.
        case storeKitRendered = 1
    }

    /// The fidelity type.
    package var kind: Kind
    /// The impression's nonce (a UUID).
    package var nonce: UUID
    /// When the server signed it, in milliseconds since 1970.
    package var timestamp: Int
    /// The network's signature (base64), as the server made it.
    package var signature: String

    /// Creates a signed impression.
    package init(kind: Kind, nonce: UUID, timestamp: Int, signature: String) {
        self.kind = kind
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }
}

/// The App Store overlay (`SKOverlay`) an app-install linear ad asks for: when it rises, and
/// where. It is dismissed when the ad ends.
package struct AppStoreOverlayRequest: Sendable, Hashable {
    /// When the overlay rises.
    package enum Moment: Sendable, Hashable {
        /// When the linear ad's end card shows.
        case endCard
        /// This many seconds of the video after its first frame.
        case afterSeconds(Double)
    }

    /// Where the overlay sits (`SKOverlay.Position`).
    package enum Position: String, Sendable, Hashable, CaseIterable {
        /// At the bottom of the screen.
        case bottom
        /// At the bottom, raised above a tab bar or toolbar.
        case bottomRaised
    }

    /// When it rises.
    package var moment: Moment
    /// Where it sits.
    package var position: Position

    /// Creates a request.
    package init(moment: Moment, position: Position = .bottom) {
        self.moment = moment
        self.position = position
    }
}

/// Why part of an answer's attribution was left out: the ad still shows, without it.
package enum AttributionPayloadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// `creative.attribution` (or its `field`) is not what `PROTOCOL.md` describes.
    case malformed(field: String)
    /// A SKAdNetwork version older than 4.0, which this SDK does not send.
    case unsupportedVersion(String)
    /// The payload's `itemId` is not the creative's `appStoreId`: it would credit another app.
    case itemMismatch
    /// The creative has no `appStoreId`: attribution is for app-install ads only.
    case notAppInstall

    /// One line for the log: what was wrong.
    package var description: String {
        switch self {
        case .malformed(let field): "malformed \(field)"
        case .unsupportedVersion(let version): "SKAdNetwork version \(version) is not supported (4.0 or later)"
        case .itemMismatch: "skadnetwork.itemId is not the creative's appStoreId"
        case .notAppInstall: "attribution without creative.appStoreId"
        }
    }
}
