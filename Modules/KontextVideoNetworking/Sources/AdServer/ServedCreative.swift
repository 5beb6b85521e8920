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
    package var attribution: ServedAttribution? {
        get { appInstall?.attribution }
        set { appInstall = AppInstallParts(attribution: newValue, failures: attributionFailures) }
    }
    /// Why parts of `creative.attribution` were left out (the ad shows without them).
    package var attributionFailures: [AttributionPayloadFailure] {
        get { appInstall?.failures ?? [] }
        set { appInstall = AppInstallParts(attribution: attribution, failures: newValue) }
    }
    /// Both, behind one reference: most ads are not app-install ads, and every `VideoAds` holding
    /// an ad holds its creative, whose bytes CI holds under a ceiling (`held ad`, bench-check);
    /// inline, the payload's fields took about 100 bytes of every held ad, app-install or not.
    private var appInstall: AppInstallParts?

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
        self.appInstall = AppInstallParts(attribution: attribution, failures: attributionFailures)
    }
}

/// An app-install ad's attribution payload and what of it was left out, held by reference by
/// `ServedCreative` (immutable, so sharing it between copies is safe).
private final class AppInstallParts: Sendable, Hashable {
    let attribution: ServedAttribution?
    let failures: [AttributionPayloadFailure]

    /// The parts, or `nil` when there are none (an ad that is not an app-install ad holds nothing).
    init?(attribution: ServedAttribution?, failures: [AttributionPayloadFailure]) {
        guard attribution != nil || !failures.isEmpty else { return nil }
        self.attribution = attribution
        self.failures = failures
    }

    static func == (lhs: AppInstallParts, rhs: AppInstallParts) -> Bool {
        lhs.attribution == rhs.attribution && lhs.failures == rhs.failures
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(attribution)
        hasher.combine(failures)
    }
}
