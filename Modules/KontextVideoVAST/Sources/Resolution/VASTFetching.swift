import Foundation

/// Fetches the VAST document behind a URL (a wrapper's `VASTAdTagURI`). The resolver applies
/// the per-hop time-out itself; a thrown `VASTError` keeps its code, any other error is 301.
package protocol VASTFetching: Sendable {
    /// The body of the document at `url`.
    func fetch(_ url: URL) async throws -> Data
}
