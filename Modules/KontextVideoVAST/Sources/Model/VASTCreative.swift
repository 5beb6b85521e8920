import Foundation

/// One `<Creative>`: a linear ad, non-linear ads or companions.
package struct VASTCreative: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    package var id: String?
    /// The `adId` (or VAST 2 `AdID`) attribute.
    package var adId: String?
    /// The `sequence` attribute.
    package var sequence: Int?
    /// The `apiFramework` attribute.
    package var apiFramework: String?
    /// `<UniversalAdId>` entries (VAST 4).
    package var universalAdIds: [VASTUniversalAdId] = []
    /// `<Linear>`.
    package var linear: VASTLinear?
    /// `<NonLinearAds>`.
    package var nonLinearAds: VASTNonLinearAds?
    /// `<CompanionAds>`.
    package var companionAds: VASTCompanionAds?
    /// `<CreativeExtensions>`, kept raw.
    package var creativeExtensions: [VASTExtension] = []

    /// Creates an empty creative.
    package init() {}
}
