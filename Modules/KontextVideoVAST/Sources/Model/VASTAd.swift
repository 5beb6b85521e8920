import Foundation

/// One `<Ad>`: an `<InLine>` or a `<Wrapper>`, with the elements both share.
package struct VASTAd: Sendable, Equatable, Encodable {
    /// Whether the ad is served in line or points at another VAST document.
    package enum Kind: String, Sendable, Equatable, Encodable {
        /// `<InLine>`: the ad itself.
        case inLine
        /// `<Wrapper>`: tracking plus a `VASTAdTagURI` to follow.
        case wrapper
    }

    /// In line or wrapper.
    package var kind: Kind
    /// The `id` attribute.
    package var id: String?
    /// The `sequence` attribute (an ad in a pod), `nil` for a stand-alone ad.
    package var sequence: Int?
    /// The `conditionalAd` attribute.
    package var conditionalAd: Bool?
    /// The `adType` attribute (`video`, `audio`, `hybrid`).
    package var adType: String?
    /// `<AdSystem>` text.
    package var adSystem: String?
    /// `<AdSystem version>`.
    package var adSystemVersion: String?
    /// `<AdTitle>` (in line).
    package var adTitle: String?
    /// `<Description>` (in line).
    package var adDescription: String?
    /// `<Advertiser>` (in line).
    package var advertiser: String?
    /// `<AdServingId>` (VAST 4.1).
    package var adServingId: String?
    /// `<Expires>` in seconds (VAST 4.1), `nil` when absent or not a number.
    package var expires: Int?
    /// `<Survey>` URLs.
    package var surveys: [String]
    /// `<Impression>` URLs with their ids.
    package var impressions: [VASTURLEntry]
    /// `<ViewableImpression>`.
    package var viewableImpression: VASTViewableImpression?
    /// `<Error>` URLs of this ad.
    package var errorURLs: [String]
    /// `<Pricing>`.
    package var pricing: VASTPricing?
    /// `<Category>` entries.
    package var categories: [VASTCategory]
    /// `<BlockedAdCategories>` entries (wrapper).
    package var blockedAdCategories: [VASTCategory]
    /// The creatives in document order.
    package var creatives: [VASTCreative]
    /// Verifications: the VAST 4.1 `<AdVerifications>` node's first, then those inside any
    /// `<Extension>` (`type="AdVerifications"` or otherwise; the order vast-client-js reports).
    package var verifications: [VASTVerification]
    /// `<Extensions>`, kept raw.
    package var extensions: [VASTExtension]
    /// The wrapper's `<VASTAdTagURI>` (or VAST 2 `<VASTAdTagURL>`), trimmed.
    package var adTagURI: String?
    /// `followAdditionalWrappers` (`nil` when absent; the spec default is `true`).
    package var followAdditionalWrappers: Bool?
    /// `allowMultipleAds` (`nil` when absent; the spec default is `false`).
    package var allowMultipleAds: Bool?
    /// `fallbackOnNoAd` (`nil` when absent; the spec default is `false`).
    package var fallbackOnNoAd: Bool?

    /// Creates an ad of `kind` with everything else empty.
    package init(kind: Kind) {
        self.kind = kind
        surveys = []
        impressions = []
        errorURLs = []
        categories = []
        blockedAdCategories = []
        creatives = []
        verifications = []
        extensions = []
    }

    /// The first creative holding a `<Linear>`.
    package var linearCreative: VASTCreative? {
        creatives.first { $0.linear != nil }
    }
}
