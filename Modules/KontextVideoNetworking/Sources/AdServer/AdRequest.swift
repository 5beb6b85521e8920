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
    /// The device as measured for this request (its screen can change while the app runs);
    /// `nil` sends the environment's facts from `initialize`.
    package var device: DeviceFacts?
    /// The advertising and vendor ids and the tracking status, read for this request (the user
    /// may have answered the tracking dialog since the last one).
    package var identifiers: DeviceIdentifiers

    /// Whether the request has tracking data to carry: the advertising id, or the viewer's email
    /// or its hash (what the privacy manifest declares as used for tracking).
    package var hasTrackingData: Bool {
        identifiers.advertisingId != nil || user?.email != nil || user?.emailHash != nil
    }

    /// Creates a request.
    package init(
        format: AdFormat,
        content: KontextVideoContent,
        labels: [String: String] = [:],
        playhead: TimeInterval = 0,
        user: KontextVideoUser? = nil,
        regulatory: KontextVideoRegulatory? = nil,
        variantId: String? = nil,
        device: DeviceFacts? = nil,
        identifiers: DeviceIdentifiers = .none
    ) {
        self.format = format
        self.content = content
        self.labels = labels
        self.playhead = playhead
        self.user = user
        self.regulatory = regulatory
        self.variantId = variantId
        self.device = device
        self.identifiers = identifiers
    }
}

extension AdRequest {
    /// The request with what `policy` does not allow taken out: the viewer's id, email and hash,
    /// keywords, and the device identifiers.
    package func obeying(_ policy: ConsentPolicy) -> AdRequest {
        var request = self
        if var user = request.user {
            if !policy.userId { user.id = nil }
            if !policy.email { (user.email, user.emailHash) = (nil, nil) }
            if !policy.keywords { user.keywords = nil }
            request.user = user
        }
        request.identifiers = request.identifiers.keeping(advertisingId: policy.advertisingId, vendorId: policy.vendorId)
        return request
    }
}
