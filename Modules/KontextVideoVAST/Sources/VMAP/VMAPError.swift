import Foundation

/// A VMAP failure: the VMAP 1.0 error code (§2.5 of the specification, sent in a break's `error`
/// tracking `[ERRORCODE]`) and a human-readable reason.
package struct VMAPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The VMAP 1.0 error codes the reader reports.
    package enum Code: Int, Sendable, CaseIterable {
        /// The document does not follow the VMAP schema: not a `<VMAP>` root, or an ad break
        /// whose required `timeOffset` or `breakType` is missing or unreadable.
        case schemaError = 1000
        /// The root's `version` is not 1.x.
        case versionNotSupported = 1001
        /// The bytes are not well-formed XML, or break the reader's size, depth or element limits.
        case parsingError = 1002
        /// More ad breaks than `VMAPReader.maxAdBreaks`.
        case tooManyAdBreaks = 1003
        /// An inline ad response (`<vmap:VASTAdData>`) that is not a VAST document the VAST reader accepts.
        case adResponseParsingError = 1006
    }

    /// The VMAP error code.
    package var code: Code
    /// Why it happened, for logs.
    package var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The VMAP error code.
    ///   - message: Why it happened.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `VMAP error 1000: …`.
    package var description: String { "VMAP error \(code.rawValue): \(message)" }
}
