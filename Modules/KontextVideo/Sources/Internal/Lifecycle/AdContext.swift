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
    var session: SDKSession { owner.launch.session }

    /// The content's playhead now, as every server event and request carries it.
    @MainActor
    var playhead: TimeInterval { owner.playerTracker.playhead }

    /// What the app told the SDK in this launch (consent, the verification provider).
    @MainActor
    var settings: LaunchState { owner.launch }
}

extension AdServerMoment {
    /// The server event for this moment of the ad `adId` of `format`, at `playhead` of the content:
    /// the one place an ad's server events are made. Without a `timestamp` (as the ad sends them)
    /// the pipeline stamps the event with its wall clock as it queues it.
    func serverEvent(adId: String, format: AdFormat, playhead: TimeInterval, at timestamp: Date? = nil) -> ServerEvent {
        let make: (String, AdFormat, TimeInterval, Date?) -> ServerEvent
        switch self {
        case .impression: make = ServerEvent.impression(adId:format:playhead:at:)
        case .expired: make = ServerEvent.expired(adId:format:playhead:at:)
        case .dropped: make = ServerEvent.dropped(adId:format:playhead:at:)
        case .click(let area): make = { ServerEvent.click(area: area, adId: $0, format: $1, playhead: $2, at: $3) }
        case .reject(let reason): make = { ServerEvent.reject(reason, adId: $0, format: $1, playhead: $2, at: $3) }
        case .vastError(let code): make = { ServerEvent.vastError(code: code, adId: $0, format: $1, playhead: $2, at: $3) }
        case .ended(let reason, let completed):
            make = { ServerEvent.ended(reason: reason, completed: completed, adId: $0, format: $1, playhead: $2, at: $3) }
        }
        return make(adId, format, playhead, timestamp)
    }
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
