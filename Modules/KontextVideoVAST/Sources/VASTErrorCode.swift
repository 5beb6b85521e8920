import Foundation

/// A VAST error code, as listed in the VAST 4.x specification (section "VAST Error Codes").
///
/// Codes are open-ended (`init(rawValue:)` accepts any number) so a creative's own code
/// survives; the constants below are the ones the engine itself reports.
package struct VASTErrorCode: RawRepresentable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The numeric code sent in `[ERRORCODE]`.
    package var rawValue: Int

    /// Creates a code from its number.
    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 100: XML parsing error (not well-formed, too large, too deep, DTD present).
    package static let xmlParsing = VASTErrorCode(rawValue: 100)
    /// 101: VAST schema validation error (the root is not `<VAST>`, a required element is missing).
    package static let schemaValidation = VASTErrorCode(rawValue: 101)
    /// 102: VAST version of the response not supported (VAST 1.0 `<VideoAdServingTemplate>`).
    package static let versionNotSupported = VASTErrorCode(rawValue: 102)
    /// 200: trafficking error, the ad type was not expected.
    package static let trafficking = VASTErrorCode(rawValue: 200)
    /// 201: the player expected a different linearity (a non-linear or companion-only ad in a linear slot).
    package static let unexpectedLinearity = VASTErrorCode(rawValue: 201)
    /// 202: the player expected a different duration.
    package static let unexpectedDuration = VASTErrorCode(rawValue: 202)
    /// 300: general wrapper error (for example a nested wrapper that `followAdditionalWrappers="false"` forbids).
    package static let wrapperGeneral = VASTErrorCode(rawValue: 300)
    /// 301: time-out of the VAST URI of a wrapper, or the URI could not be fetched.
    package static let wrapperTimeout = VASTErrorCode(rawValue: 301)
    /// 302: wrapper limit reached.
    package static let wrapperLimit = VASTErrorCode(rawValue: 302)
    /// 303: no VAST response after one or more wrappers (no ad, no creative, all ads rejected).
    package static let noAdsAfterWrapper = VASTErrorCode(rawValue: 303)
    /// 304: the in-line response failed to display within the time-out.
    package static let inlineDisplayTimeout = VASTErrorCode(rawValue: 304)
    /// 400: general linear error, the media player cannot display the linear ad.
    package static let linearGeneral = VASTErrorCode(rawValue: 400)
    /// 401: the media file was not found.
    package static let mediaFileNotFound = VASTErrorCode(rawValue: 401)
    /// 402: time-out of the media file URI.
    package static let mediaFileTimeout = VASTErrorCode(rawValue: 402)
    /// 403: no supported media file was found for the device.
    package static let noSupportedMedia = VASTErrorCode(rawValue: 403)
    /// 405: problem displaying the media file.
    package static let mediaDisplay = VASTErrorCode(rawValue: 405)
    /// 406: a mezzanine file was required but not provided.
    package static let mezzanineRequired = VASTErrorCode(rawValue: 406)
    /// 502: unable to fetch a non-linear resource (an overlay or pause creative that did not get ready).
    package static let nonLinearFetchFailed = VASTErrorCode(rawValue: 502)
    /// 600: general companion error.
    package static let companionGeneral = VASTErrorCode(rawValue: 600)
    /// 900: undefined error.
    package static let undefined = VASTErrorCode(rawValue: 900)
    /// 901: general VPAID error.
    package static let vpaid = VASTErrorCode(rawValue: 901)

    /// Every code the SDK itself reports, to the app (`VideoAdError.creativeFailed(code:)`), the
    /// server and the document's `<Error>` URLs: the engine's, the renderers' (`CreativeFailure`,
    /// in `KontextVideoCreatives`) and `load()`'s time-outs (402 linear, 502 overlay and pause,
    /// 900 undefined). A code the SDK starts to report joins this list: the publisher's
    /// troubleshooting page has a row for each, and a test fails while one is missing. An HTML
    /// creative may report any other code of its own.
    package static let reported: [VASTErrorCode] = [
        .xmlParsing, .schemaValidation, .versionNotSupported, .unexpectedLinearity, .wrapperGeneral, .wrapperTimeout,
        .wrapperLimit, .noAdsAfterWrapper, .mediaFileNotFound, .mediaFileTimeout, .noSupportedMedia, .mediaDisplay,
        .nonLinearFetchFailed, .undefined,
    ]

    /// Orders codes by number.
    package static func < (lhs: VASTErrorCode, rhs: VASTErrorCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The number as text.
    package var description: String { String(rawValue) }

    /// Decodes a bare number.
    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Encodes a bare number.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
