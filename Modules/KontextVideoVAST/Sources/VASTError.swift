import Foundation

/// A VAST failure: the VAST error code to report in `[ERRORCODE]` and a human-readable reason.
package struct VASTError: Error, Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The VAST error code.
    package var code: VASTErrorCode
    /// Why it happened, for logs and the `kontext-vast` tool.
    package var message: String

    /// Creates an error.
    package init(_ code: VASTErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `VAST error 303: …`.
    package var description: String { "VAST error \(code.rawValue): \(message)" }
}
