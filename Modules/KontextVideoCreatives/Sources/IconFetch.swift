import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking

/// A linear ad's industry icons (AdChoices), fetched while it loads: only an icon whose image is
/// here when the video plays is drawn, so its `IconViewTracking` fires when the viewer can see it.
/// An icon with no static image (an HTML or iframe resource, which the SDK does not draw), one
/// `AdURLRule` refuses, one that does not arrive within `timeout`, is not an image or is over the
/// icon's decode cap (`ImageDecodeCap.icon`) never shows and is never counted. Icons are never worth the ad:
/// a failure is recorded on the event stream (`icons fetched`, debug) and the video plays on.
package enum IconFetch {
    /// The most icons fetched for one ad (VAST allows any number; a player shows one or two).
    package static let maxIcons = 4
    /// How long the icons' fetches may take, on the injected clock: they run side by side, so
    /// this is what all of them take together.
    package static let timeout: Duration = .seconds(3)

    /// The images of `ad`'s icons that can be drawn, by index in `ResolvedLinearAd.icons`.
    package static func images(of ad: ResolvedLinearAd, context: CreativeContext, adId: String) async -> [Int: Data] {
        guard !ad.icons.isEmpty else { return [:] }
        let candidates = ad.icons.indices.compactMap { index -> (Int, URL)? in
            guard ad.icons[index].schedule != nil, let url = ad.icons[index].imageURL(rule: context.urlRule) else { return nil }
            return (index, url)
        }
        let (wanted, fetchable) = (candidates.prefix(maxIcons), candidates.count)
        let (transport, clock) = (context.transport, context.clock)
        let fetched = await withTaskGroup(of: (Int, Result<Data, any Error>).self) { group in
            for (index, url) in wanted {
                group.addTask {
                    do {
                        return (index, .success(try await withDeadline(timeout, on: clock) {
                            try await CreativeFetch.image(at: url, transport: transport)
                        }))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [(Int, Result<Data, any Error>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        var images: [Int: Data] = [:]
        var outcomes: [String] = []
        for (index, result) in fetched {
            switch result {
            case .success(let data):
                if let refusal = ImageDecodeCap.icon.refusal(of: data) {
                    outcomes.append("\(index): refused \(refusal)")
                } else {
                    images[index] = data
                    outcomes.append("\(index): ready")
                }
            case .failure(let error):
                outcomes.append("\(index): not fetched (\(type(of: error)))")
            }
        }
        // A load that was cancelled (destroy(), its time-out) tells nothing of its icons.
        guard !Task.isCancelled else { return [:] }
        let offered = ad.icons.count
        context.events.record(.debug) {
            KontextVideoEvent(.state, .iconsFetched, attributes: [
                "adId": adId, "offered": String(offered), "drawable": String(images.count),
                "results": outcomes.isEmpty
                    ? "none fetched: no scheduled icon with a static image the URL rules allow"
                    : outcomes.joined(separator: "; ") + (wanted.count < fetchable ? "; \(fetchable - wanted.count) more not fetched (at most \(maxIcons))" : ""),
            ])
        }
        return images
    }
}
