import Foundation

/// A VAST error code, as listed in the VAST 4.x specification (section "VAST Error Codes").
///
/// Every code the SDK itself sends is a case of ``Reported``, the one table of them, and only
/// those have a named constant here. Any other number comes from outside the SDK — an HTML
/// creative's own code through the bridge, a code scripted in tests — and is made with
/// ``init(creativeCode:)``, so that a code the SDK starts to send cannot bypass the table.
package struct VASTErrorCode: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The numeric code sent in `[ERRORCODE]`.
    package let rawValue: Int

    /// Every code the SDK itself reports, to the app (`VideoAdError.creativeFailed(code:)`), the
    /// server and the document's `<Error>` URLs: the engine's, the renderers' (`CreativeFailure`,
    /// in `KontextVideoCreatives`) and `load()`'s time-outs. A code the SDK starts to report
    /// becomes a case here: the publisher's troubleshooting page has a row for each case, and a
    /// test fails while one is missing. The specification's other codes (200, 202, 304, 400,
    /// 406, 600, 602, 604, 901) are not sent by the SDK and have no case.
    package enum Reported: Int, CaseIterable, Sendable {
        /// 100: XML parsing error (not well-formed, too large, too deep, DTD present).
        case xmlParsing = 100
        /// 101: VAST schema validation error (the root is not `<VAST>`, a required element is missing).
        case schemaValidation = 101
        /// 102: VAST version of the response not supported (VAST 1.0 `<VideoAdServingTemplate>`).
        case versionNotSupported = 102
        /// 201: the player expected a different linearity (a non-linear or companion-only ad in a linear slot).
        case unexpectedLinearity = 201
        /// 300: general wrapper error (for example a nested wrapper that `followAdditionalWrappers="false"` forbids).
        case wrapperGeneral = 300
        /// 301: time-out of the VAST URI of a wrapper, or the URI could not be fetched.
        case wrapperTimeout = 301
        /// 302: wrapper limit reached.
        case wrapperLimit = 302
        /// 303: no VAST response after one or more wrappers (no ad, no creative, all ads rejected).
        case noAdsAfterWrapper = 303
        /// 401: the media file was not found.
        case mediaFileNotFound = 401
        /// 402: time-out of the media file URI (`load()` of a linear ad).
        case mediaFileTimeout = 402
        /// 403: no supported media file was found for the device.
        case noSupportedMedia = 403
        /// 405: problem displaying the media file.
        case mediaDisplay = 405
        /// 502: unable to fetch a non-linear resource (an overlay or pause creative that did not get ready).
        case nonLinearFetchFailed = 502
        /// 601: unable to display a companion because its dimensions do not fit (an end-card image
        /// over the decode cap's pixels); the video still plays, without its end card.
        case companionDimensions = 601
        /// 603: unable to fetch a companion resource (an end-card image that did not arrive or is
        /// not an image); the video still plays, without its end card.
        case companionFetchFailed = 603
        /// 900: undefined error.
        case undefined = 900
    }

    /// A code the SDK reports.
    /// - Parameter code: Its case in the table.
    package init(_ code: Reported) {
        rawValue = code.rawValue
    }

    /// A code the SDK did not choose: one an HTML creative reported itself, or one scripted in
    /// tests. The SDK's own codes are the constants, each a case of ``Reported``.
    /// - Parameter creativeCode: The number, any number.
    package init(creativeCode: Int) {
        rawValue = creativeCode
    }

    /// 100: ``Reported/xmlParsing``.
    package static let xmlParsing = VASTErrorCode(.xmlParsing)
    /// 101: ``Reported/schemaValidation``.
    package static let schemaValidation = VASTErrorCode(.schemaValidation)
    /// 102: ``Reported/versionNotSupported``.
    package static let versionNotSupported = VASTErrorCode(.versionNotSupported)
    /// 201: ``Reported/unexpectedLinearity``.
    package static let unexpectedLinearity = VASTErrorCode(.unexpectedLinearity)
    /// 300: ``Reported/wrapperGeneral``.
    package static let wrapperGeneral = VASTErrorCode(.wrapperGeneral)
    /// 301: ``Reported/wrapperTimeout``.
    package static let wrapperTimeout = VASTErrorCode(.wrapperTimeout)
    /// 302: ``Reported/wrapperLimit``.
    package static let wrapperLimit = VASTErrorCode(.wrapperLimit)
    /// 303: ``Reported/noAdsAfterWrapper``.
    package static let noAdsAfterWrapper = VASTErrorCode(.noAdsAfterWrapper)
    /// 401: ``Reported/mediaFileNotFound``.
    package static let mediaFileNotFound = VASTErrorCode(.mediaFileNotFound)
    /// 402: ``Reported/mediaFileTimeout``.
    package static let mediaFileTimeout = VASTErrorCode(.mediaFileTimeout)
    /// 403: ``Reported/noSupportedMedia``.
    package static let noSupportedMedia = VASTErrorCode(.noSupportedMedia)
    /// 405: ``Reported/mediaDisplay``.
    package static let mediaDisplay = VASTErrorCode(.mediaDisplay)
    /// 502: ``Reported/nonLinearFetchFailed``.
    package static let nonLinearFetchFailed = VASTErrorCode(.nonLinearFetchFailed)
    /// 601: ``Reported/companionDimensions``.
    package static let companionDimensions = VASTErrorCode(.companionDimensions)
    /// 603: ``Reported/companionFetchFailed``.
    package static let companionFetchFailed = VASTErrorCode(.companionFetchFailed)
    /// 900: ``Reported/undefined``.
    package static let undefined = VASTErrorCode(.undefined)

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
