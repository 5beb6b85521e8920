import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole answer. Throws `URLError` for network
/// failures, `ResponseTooLarge` when the body passes the limit, and `CancellationError`
/// (or `URLError(.cancelled)`) when the calling task is cancelled.
///
/// Time-outs are not the transport's job: callers bound each attempt with `withDeadline`
/// on the injected clock.
package protocol HTTPTransport: Sendable {
    /// Sends `request`; any HTTP status is a successful answer.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
