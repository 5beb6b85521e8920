import Foundation

/// What a served ad renders, and where its click goes.
package struct ServedCreative: Sendable, Hashable {
    /// The kind of creative (`creative.type` on the wire).
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTML page (overlay, pause).
        case html
        /// An image (overlay, pause).
        case image
        /// A VAST tag or inline document (linear).
        case vast
    }

    /// The kind of creative.
    package var kind: Kind
    /// The page, the image, or the VAST tag. `nil` only for an inline VAST document.
    package var url: URL?
    /// An inline VAST document (`creative.vast`).
    package var inlineVAST: String?
    /// The width the creative needs, in points.
    package var width: Double?
    /// The height the creative needs, in points.
    package var height: Double?
    /// A full-screen pause ad, which ignores the publisher's insets.
    package var fullScreen: Bool
    /// The click target.
    package var clickURL: URL?
    /// Where to go when the click target cannot open.
    package var fallbackURL: URL?
    /// An app-install ad's App Store product id.
    package var appStoreID: String?
    /// What the answer carries for Apple's attribution of an app-install ad (`ServedAttribution`).
    package var attribution: ServedAttribution?
    /// Why parts of `creative.attribution` were left out (the ad shows without them).
    package var attributionFailures: [AttributionPayloadFailure]

    /// Creates a creative.
    package init(
        kind: Kind,
        url: URL? = nil,
        inlineVAST: String? = nil,
        width: Double? = nil,
        height: Double? = nil,
        fullScreen: Bool = false,
        clickURL: URL? = nil,
        fallbackURL: URL? = nil,
        appStoreID: String? = nil,
        attribution: ServedAttribution? = nil,
        attributionFailures: [AttributionPayloadFailure] = []
    ) {
        self.kind = kind
        self.url = url
        self.inlineVAST = inlineVAST
        self.width = width
        self.height = height
        self.fullScreen = fullScreen
        self.clickURL = clickURL
        self.fallbackURL = fallbackURL
        self.appStoreID = appStoreID
        self.attribution = attribution
        self.attributionFailures = attributionFailures
    }
}
