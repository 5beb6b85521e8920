import Foundation

/// `<CompanionAds required="…">`.
package struct VASTCompanionAds: Sendable, Equatable, Encodable {
    /// `required`: `all`, `any` or `none`.
    package var required: String?
    /// The companions.
    package var companions: [VASTCompanion] = []

    /// Creates an empty set.
    package init(required: String? = nil) {
        self.required = required
    }
}

/// `<Companion>`: a display creative shown beside or after the linear ad. A companion with
/// `renderingMode="end-card"` (VAST 4.1) is the linear ad's end card.
package struct VASTCompanion: Sendable, Equatable, Encodable {
    /// `id`.
    package var id: String?
    /// `width`.
    package var width: Int?
    /// `height`.
    package var height: Int?
    /// `assetWidth`.
    package var assetWidth: Int?
    /// `assetHeight`.
    package var assetHeight: Int?
    /// `expandedWidth`.
    package var expandedWidth: Int?
    /// `expandedHeight`.
    package var expandedHeight: Int?
    /// `adSlotID`.
    package var adSlotId: String?
    /// `apiFramework`.
    package var apiFramework: String?
    /// `pxratio`.
    package var pxratio: String?
    /// `renderingMode` (`default`, `end-card`, `concurrent`).
    package var renderingMode: String?
    /// Static, iframe and HTML resources in document order.
    package var resources: [VASTResource] = []
    /// `<AltText>`.
    package var altText: String?
    /// `<CompanionClickThrough>`.
    package var clickThrough: String?
    /// `<CompanionClickTracking>` URLs.
    package var clickTracking: [VASTURLEntry] = []
    /// `<TrackingEvents>` (`creativeView`, …).
    package var trackingEvents: [VASTTrackingEvent] = []
    /// `<AdParameters>` verbatim.
    package var adParameters: String?

    /// Creates an empty companion.
    package init() {}

    /// Whether this companion is the VAST 4.1 end card.
    package var isEndCard: Bool {
        renderingMode?.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare("end-card") == .orderedSame
    }
}
