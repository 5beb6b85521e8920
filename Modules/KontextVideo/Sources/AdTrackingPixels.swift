import Foundation
import KontextVideoCreatives

/// One ad's VAST tracking pixels on their way to the durable pipeline. Each is recorded as a
/// `tracking pixel` event with the ad, the VAST event it tracks and its queue entry's id, so the
/// pixel can be followed from the ad to its delivery (the inspector does).
@MainActor
struct AdTrackingPixels: TrackingPixelSending {
    let runtime: SDKRuntime
    let adId: String
    let format: AdFormat

    /// Queues `url`, the pixel of `event`, unless the runtime was retired.
    func sendPixel(_ url: URL, event: String) {
        guard let id = runtime.sendPixel(url) else { return }
        runtime.events.record(.debug) {
            KontextVideoEvent(.beacon, .trackingPixel, attributes: [
                "adId": adId, "format": format.rawValue, "event": event, "id": id,
            ])
        }
    }
}

extension VideoAd {
    /// Where the ad's tracking pixels go.
    var trackingPixels: AdTrackingPixels {
        AdTrackingPixels(runtime: runtime, adId: id, format: format)
    }
}
