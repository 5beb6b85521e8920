import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking

/// A linear ad's captions, fetched and read while it loads: the `<ClosedCaptionFile>`
/// `CaptionTrackSelector` chooses for the viewer's languages, fetched through the creative's
/// transport (the SDK's guarded one: `AdURLGuardedTransport` refuses what `AdURLRule` refuses,
/// as for the media file), at most `maxBytes`, within `timeout`, and read by `WebVTTReader`.
/// Captions are never worth the ad: any failure (refused, unreachable, too large, not WebVTT)
/// is recorded on the event stream and the ad plays without them.
package enum CaptionFetch {
    /// The largest caption file fetched, in bytes (a 30-second ad's captions are a few KiB).
    package static let maxBytes = 256 * 1024
    /// How long the fetch may take on the injected clock.
    package static let timeout: Duration = .seconds(3)

    /// The captions of `ad` for a viewer of `selector`'s languages, or `nil`.
    package static func captions(
        of ad: ResolvedLinearAd,
        selector: CaptionTrackSelector,
        context: CreativeContext,
        adId: String
    ) async -> WebVTTDocument? {
        guard !ad.closedCaptionFiles.isEmpty else { return nil }
        func record(_ attributes: [String: String]) {
            context.events.record(.debug) {
                KontextVideoEvent(.state, .captionsChosen, attributes: attributes.merging(["adId": adId]) { first, _ in first })
            }
        }
        guard let file = selector.choose(from: ad.closedCaptionFiles), let url = URL.lenient(file.value) else {
            record(["result": "none readable in the viewer's languages", "offered": String(ad.closedCaptionFiles.count)])
            return nil
        }
        guard context.urlRule.mayFetch(url) else {
            record(["result": "refused", "url": URLRedaction.redacted(url)])
            return nil
        }
        let transport = context.transport
        do {
            let data = try await withDeadline(timeout, on: context.clock) {
                let (data, response) = try await transport.send(URLRequest(url: url))
                guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
                guard data.count <= maxBytes else { throw ResponseTooLarge(limit: maxBytes) }
                return data
            }
            switch WebVTTReader.read(data) {
            case .success(let document):
                record(["result": "read", "url": URLRedaction.redacted(url), "language": file.language ?? "", "cues": String(document.cues.count),
                        "dropped": String(document.droppedCues)])
                return document
            case .failure(let error):
                record(["result": "not WebVTT: \(error)", "url": URLRedaction.redacted(url)])
                return nil
            }
        } catch {
            record(["result": "not fetched: \(type(of: error))", "url": URLRedaction.redacted(url)])
            return nil
        }
    }
}
