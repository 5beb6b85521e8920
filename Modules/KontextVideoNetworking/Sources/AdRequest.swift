import Foundation
import KontextVideoModels

/// One ad request, as the facade asks it: everything `POST /video/preload` carries that is
/// not the environment's.
package struct AdRequest: Sendable, Hashable {
    /// The format asked for.
    package var format: AdFormat
    /// The video the ad is for.
    package var content: KontextVideoContent
    /// The `VideoAds`' labels, already sanitized.
    package var labels: [String: String]
    /// The content's time in seconds (0 for a prefetch or without a tracked player).
    package var playhead: TimeInterval
    /// What the app knows about the viewer.
    package var user: KontextVideoUser?
    /// What the app set for consent; the platform's values win (see `ConsentResolver`).
    package var regulatory: KontextVideoRegulatory?
    /// The A/B variant.
    package var variantId: String?

    /// Creates a request.
    package init(
        format: AdFormat,
        content: KontextVideoContent,
        labels: [String: String] = [:],
        playhead: TimeInterval = 0,
        user: KontextVideoUser? = nil,
        regulatory: KontextVideoRegulatory? = nil,
        variantId: String? = nil
    ) {
        self.format = format
        self.content = content
        self.labels = labels
        self.playhead = playhead
        self.user = user
        self.regulatory = regulatory
        self.variantId = variantId
    }
}
