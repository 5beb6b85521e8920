import Foundation

/// `<NonLinearAds>`: overlays, kept for completeness (this SDK plays linear ads).
package struct VASTNonLinearAds: Sendable, Equatable, Encodable {
    /// The non-linear creatives.
    package var nonLinears: [VASTNonLinear] = []
    /// `<TrackingEvents>` shared by them.
    package var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty set.
    package init() {}
}

/// `<NonLinear>`: one overlay.
package struct VASTNonLinear: Sendable, Equatable, Encodable {
    /// `id`.
    package var id: String?
    /// `width`.
    package var width: Int?
    /// `height`.
    package var height: Int?
    /// `expandedWidth`.
    package var expandedWidth: Int?
    /// `expandedHeight`.
    package var expandedHeight: Int?
    /// `scalable`.
    package var scalable: Bool?
    /// `maintainAspectRatio`.
    package var maintainAspectRatio: Bool?
    /// `minSuggestedDuration` as written.
    package var minSuggestedDuration: String?
    /// `apiFramework`.
    package var apiFramework: String?
    /// Resources in document order.
    package var resources: [VASTResource] = []
    /// `<NonLinearClickThrough>`.
    package var clickThrough: String?
    /// `<NonLinearClickTracking>` URLs.
    package var clickTracking: [VASTURLEntry] = []
    /// `<AdParameters>` verbatim.
    package var adParameters: String?

    /// Creates an empty overlay.
    package init() {}
}
