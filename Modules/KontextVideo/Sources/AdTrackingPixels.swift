import Foundation
import KontextVideoCreatives
import KontextVideoNetworking

/// One ad's VAST tracking pixels on their way to the durable pipeline. Each is recorded as a
/// `tracking pixel` event with the ad, the VAST event it tracks and its queue entry's id, so the
/// pixel can be followed from the ad to its delivery (the inspector does).
@MainActor
struct AdTrackingPixels: TrackingPixelSending {
    let runtime: SDKRuntime
    let adId: String
    let format: AdFormat

    /// Where `ad`'s tracking pixels go.
    init(for ad: VideoAd) {
        (runtime, adId, format) = (ad.runtime, ad.id, ad.format)
    }

    /// Queues `pixels` in one append, unless the runtime was retired; a pixel the pipeline drops
    /// over its per-ad cap gets no id and no `tracking pixel` event (the pipeline reports the drop).
    /// A pixel `AdURLRule` may not fetch (a local host while the server is public, a scheme other
    /// than the web's) is never queued; the refusal is a warning with the count.
    func sendPixels(_ requested: [(url: URL, event: String)]) {
        var pixels: [(url: URL, event: String)] = []
        var refused: [(url: URL, event: String)] = []
        for pixel in requested {
            if runtime.adURLRule.mayFetch(pixel.url) { pixels.append(pixel) } else { refused.append(pixel) }
        }
        if !refused.isEmpty {
            runtime.events.record(.warning) {
                KontextVideoEvent(.warning, .dropped, level: .warning, attributes: [
                    "adId": adId, "format": format.rawValue, "count": String(refused.count),
                    "event": refused[0].event, "url": URLRedaction.redacted(refused[0].url),
                    "reason": "tracking pixel on a host the SDK may not fetch",
                ])
            }
        }
        guard !pixels.isEmpty else { return }
        let ids = runtime.sendPixels(pixels.map { PixelToQueue(url: $0.url, adId: adId, event: $0.event) })
        for (pixel, id) in zip(pixels, ids) {
            guard let id else { continue }
            runtime.events.record(.debug) {
                KontextVideoEvent(.beacon, .trackingPixel, attributes: [
                    "adId": adId, "format": format.rawValue, "event": pixel.event, "id": id,
                ])
            }
        }
    }
}
