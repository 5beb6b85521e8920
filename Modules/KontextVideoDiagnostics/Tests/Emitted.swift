import Foundation
import KontextVideoModels

/// Events shaped as the SDK records them, one builder per emitter (the names and attributes of
/// `KontextVideoEventName.swift` and the code beside each comment). The facade's
/// `InspectorTests` check the same outcomes through the real SDK, so a builder that drifts from
/// its emitter fails there.
enum Emitted {
    /// `AdRequestDescription.event` (Networking).
    static func adRequested(
        _ requestId: String, format: String = "pause", content: String = "e1", labels: [String: String] = [:],
        consent: [String: String] = [:], playhead: Double = 0
    ) -> KontextVideoEvent {
        var attributes = ["requestId": requestId, "format": format, "content": content, "playhead": String(playhead)]
        for (key, value) in labels { attributes["label.\(key)"] = value }
        for (key, value) in consent { attributes["consent.\(key)"] = value }
        return KontextVideoEvent(.request, .adRequested, attributes: attributes)
    }

    /// `AdServerClient.requestAd`'s no-fill.
    static func noFill(_ requestId: String, format: String = "pause", reason: VideoAdError.NoFillReason) -> KontextVideoEvent {
        KontextVideoEvent(.response, .noFill, attributes: ["requestId": requestId, "format": format, "reason": "\(reason)"])
    }

    /// `AdServerClient.requestAd`'s failure.
    static func requestFailed(_ requestId: String, format: String = "pause", failure: String) -> KontextVideoEvent {
        KontextVideoEvent(.error, .preloadRequest, level: .info, attributes: ["requestId": requestId, "format": format, "failure": failure])
    }

    /// `KontextVideo.reportThrown`: `format(_:)`'s (with the request's id when there was one) or
    /// an ad's call (with its id).
    static func thrown(_ error: VideoAdError, call: String, requestId: String? = nil, adId: String? = nil) -> KontextVideoEvent {
        var attributes = ["call": call, "error": "\(error)", "state": "sdk=enabled", "content": "e1"]
        attributes["why"] = error.errorDescription
        attributes["requestId"] = requestId
        attributes["adId"] = adId
        return KontextVideoEvent(.warning, .errorThrown, level: .warning, attributes: attributes)
    }

    /// `VideoAd.init`.
    static func adReceived(_ adId: String, requestId: String?, format: String = "pause", creative: String = "image") -> KontextVideoEvent {
        var attributes = ["adId": adId, "format": format, "price": "1.2 USD", "precision": "estimated", "creative": creative]
        attributes["requestId"] = requestId
        if creative == "vast" { attributes["vast"] = "tag" }
        return KontextVideoEvent(.state, .adReceived, level: .info, attributes: attributes)
    }

    /// `VideoAd.record`: one of the ad's moments.
    static func ad(
        _ name: KontextVideoEvent.Name, _ adId: String, format: String = "pause", kind: KontextVideoEvent.Kind = .state,
        _ attributes: [String: String] = [:]
    ) -> KontextVideoEvent {
        KontextVideoEvent(kind, name, level: .info, attributes: attributes.merging(["adId": adId, "format": format]) { $1 })
    }

    /// `VASTResolver.record`, through the loader's `AttributedEventMonitor`.
    static func hop(_ adId: String, depth: Int, outcome: String, elapsed: Double? = 0.25) -> KontextVideoEvent {
        var attributes = ["adId": adId, "depth": String(depth), "url": "https://ads.example/vast/\(depth)", "outcome": outcome]
        attributes["elapsed"] = elapsed.map { String($0) }
        return KontextVideoEvent(.vastHop, depth == 0 ? .vastTag : .vastWrapper, attributes: attributes)
    }

    /// `EventPipeline.submit` for a server event.
    static func queuedEvent(_ id: String, type: String, adId: String, pending: Int = 1) -> KontextVideoEvent {
        KontextVideoEvent(.beacon, .queued, attributes: ["id": id, "type": type, "adId": adId, "pending": String(pending)])
    }

    /// `EventPipeline.submit` for a pixel, then `AdTrackingPixels.sendPixel` (facade).
    static func queuedPixel(_ id: String, adId: String, event: String, pending: Int = 1) -> [KontextVideoEvent] {
        [
            KontextVideoEvent(.beacon, .queued, attributes: ["id": id, "url": "https://track.example/\(event)", "pending": String(pending)]),
            KontextVideoEvent(.beacon, .trackingPixel, attributes: ["id": id, "adId": adId, "format": "linear", "event": event]),
        ]
    }

    /// `EventPipeline.deliver` / `deliverPixel`: delivered (a pixel with its status).
    static func delivered(_ id: String, status: Int? = nil) -> KontextVideoEvent {
        var attributes = ["id": id]
        attributes["status"] = status.map(String.init)
        return KontextVideoEvent(.beacon, .delivered, attributes: attributes)
    }

    /// `EventPipeline`'s delivery loop after a failed pass.
    static func retry(delay: Double, pending: Int) -> KontextVideoEvent {
        KontextVideoEvent(.retry, .eventsRequest, level: .info, attributes: ["delay": String(delay), "pending": String(pending)])
    }
}
