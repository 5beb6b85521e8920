import Foundation
import KontextVideoNetworking

/// Everything outside itself an ad reaches: the `VideoAds` it came from and the runtime it was
/// served by, fixed when the ad is made, and the SDK's session through its owner. The ad reads the
/// session's state (the one on-screen slot, whether the SDK is switched off for this launch, the
/// app's foreground) from the session itself, not through forwarders on `KontextVideo`.
struct AdContext: Sendable {
    /// The request book of the `VideoAds` the ad came from: its content, its player, `destroy()`.
    let owner: AdRequestBook
    /// The runtime that served the ad: the server, pixels, timers, the clock and the platform.
    let runtime: SDKRuntime

    /// The SDK's launch now: a relaunch (a test kit's) is the one an older ad answers to, as the
    /// reference's "disabled for this launch" says.
    @MainActor
    var session: SDKSession { owner.sdk.session }

    /// The content's playhead now, as every server event and request carries it.
    @MainActor
    var playhead: TimeInterval { owner.playerTracker.playhead }

    /// What the app told the SDK (consent, the verification provider), on the instance it told.
    @MainActor
    var settings: KontextVideo { owner.sdk }
}

extension ServedAd {
    /// The attributes of the `ad received` event: what the server answered, and to which request.
    func receivedAttributes(requestId: UUID?) -> [String: String] {
        var attributes = [
            "price": "\(price.value) \(price.currency)",
            "precision": price.precision.rawValue,
            "creative": creative.kind.rawValue,
        ]
        if let requestId { attributes["requestId"] = requestId.uuidString.lowercased() }
        if creative.kind == .vast { attributes["vast"] = creative.inlineVAST == nil ? "tag" : "inline" }
        if let duration { attributes["duration"] = String(duration) }
        return attributes
    }
}
