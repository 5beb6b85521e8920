import Foundation
import KontextVideoModels

/// The body of `POST /video/preload`. Unknown values are omitted, never `null`.
package struct PreloadRequestBody: Sendable, Hashable, Encodable {
    var publisherToken: String
    var requestId: String
    var installId: String?
    var sessionId: String?
    var sdk: WireSDK
    var app: WireApp
    var device: DeviceFacts
    var format: String
    var content: WireContent
    var labels: [String: String]?
    var playhead: Double
    var user: WireUser?
    var regulatory: WireRegulatory?
    var variantId: String?
    var advertisingId: String?
    var vendorId: String?
    var trackingAuthorization: TrackingAuthorizationStatus?

    /// The body of `request`; `regulatory` is already resolved against the consent platform.
    /// Without `carriesTrackingData` the tracking data (`advertisingId`, `user.email`,
    /// `user.emailHash`) is left out (`TrackingRoute`).
    package init(
        request: AdRequest,
        environment: AdServerIdentity,
        requestId: UUID,
        installId: UUID?,
        sessionId: String?,
        regulatory: WireRegulatory?,
        carriesTrackingData: Bool = true
    ) {
        publisherToken = environment.publisherToken
        self.requestId = requestId.lowercasedString
        self.installId = installId?.lowercasedString
        self.sessionId = sessionId
        sdk = WireSDK(environment)
        app = WireApp(environment)
        device = request.device ?? environment.device
        format = request.format.rawValue
        content = WireContent(request.content)
        labels = request.labels.isEmpty ? nil : request.labels
        playhead = request.playhead.isFinite && request.playhead > 0 ? request.playhead : 0
        user = WireUser(carriesTrackingData ? request.user : request.user?.withoutTrackingData)
        self.regulatory = regulatory
        variantId = request.variantId.flatMap { $0.isEmpty ? nil : $0 }
        advertisingId = carriesTrackingData ? request.identifiers.advertisingId : nil
        vendorId = request.identifiers.vendorId
        trackingAuthorization = request.identifiers.trackingAuthorization
    }
}

private extension KontextVideoUser {
    /// The user with neither email nor its hash: what a request without tracking data says.
    var withoutTrackingData: KontextVideoUser {
        var user = self
        user.email = nil
        user.emailHash = nil
        return user
    }
}
