import Foundation

/// The values VAST 4 macros are filled with. Every value is optional: a known macro without
/// a value becomes `-1` (the VAST 4.1 "unknown" value); values are percent-encoded by
/// `VASTMacros.expand`.
package struct VASTMacroContext: Sendable, Equatable {
    /// `[ERRORCODE]`.
    package var errorCode: VASTErrorCode?
    /// `[CACHEBUSTING]` (and `[RANDOM]`, `[random]`, `[CACHEBUSTER]`): a fixed value, or `nil` for a fresh random 8-digit one per expansion.
    package var cacheBusting: String?
    /// `[TIMESTAMP]`, written as ISO 8601 with milliseconds in UTC.
    package var timestamp: Date?
    /// `[CONTENTPLAYHEAD]` in seconds.
    package var contentPlayhead: Double?
    /// `[MEDIAPLAYHEAD]` in seconds.
    package var mediaPlayhead: Double?
    /// `[ADPLAYHEAD]` in seconds.
    package var adPlayhead: Double?
    /// `[ASSETURI]`: the media file playing.
    package var assetURI: String?
    /// `[REASON]`: why an ad was not used or a verification not run.
    package var reason: String?
    /// `[GDPRCONSENT]`: the TCF consent string.
    package var gdprConsent: String?
    /// `[LIMITADTRACKING]`: `1` when the user limits ad tracking.
    package var limitAdTracking: Bool?
    /// `[REGULATIONS]`: comma-separated (`gdpr`, `coppa`).
    package var regulations: [String]?
    /// `[US_PRIVACY]`: the CCPA string.
    package var usPrivacy: String?
    /// `[APPBUNDLE]`.
    package var appBundle: String?
    /// `[IFA]`: the advertising id.
    package var ifa: String?
    /// `[IFATYPE]`.
    package var ifaType: String?
    /// `[DEVICEUA]`.
    package var deviceUserAgent: String?
    /// `[PLAYERSIZE]` in points, written `width,height`.
    package var playerSize: (width: Int, height: Int)?
    /// `[PODSEQUENCE]`.
    package var podSequence: Int?
    /// `[ADSERVINGID]`.
    package var adServingId: String?
    /// `[UNIVERSALADID]`, written `registry value`.
    package var universalAdId: String?
    /// Any other macro by name without brackets (`PLACEMENTTYPE`: `"1"`); also overrides the fields above.
    package var extra: [String: String] = [:]

    /// Creates an empty context.
    package init() {}

    /// Equal when every value (including the fixed cache-buster and time stamp) is.
    package static func == (lhs: VASTMacroContext, rhs: VASTMacroContext) -> Bool {
        lhs.values() == rhs.values() && lhs.cacheBusting == rhs.cacheBusting && lhs.timestamp == rhs.timestamp
    }

    /// The known values by macro name, unencoded (cache-busting and time stamp excluded).
    package func values() -> [String: String] {
        var values: [String: String] = [:]
        values["ERRORCODE"] = errorCode.map { String($0.rawValue) }
        values["CONTENTPLAYHEAD"] = contentPlayhead.map(VASTTime.format)
        values["MEDIAPLAYHEAD"] = mediaPlayhead.map(VASTTime.format)
        values["ADPLAYHEAD"] = adPlayhead.map(VASTTime.format)
        values["ASSETURI"] = assetURI
        values["REASON"] = reason
        values["GDPRCONSENT"] = gdprConsent
        values["LIMITADTRACKING"] = limitAdTracking.map { $0 ? "1" : "0" }
        values["REGULATIONS"] = regulations.map { $0.joined(separator: ",") }
        values["US_PRIVACY"] = usPrivacy
        values["APPBUNDLE"] = appBundle
        values["IFA"] = ifa
        values["IFATYPE"] = ifaType
        values["DEVICEUA"] = deviceUserAgent
        values["PLAYERSIZE"] = playerSize.map { "\($0.width),\($0.height)" }
        values["PODSEQUENCE"] = podSequence.map(String.init)
        values["ADSERVINGID"] = adServingId
        values["UNIVERSALADID"] = universalAdId
        values.merge(extra) { _, new in new }
        return values
    }
}
