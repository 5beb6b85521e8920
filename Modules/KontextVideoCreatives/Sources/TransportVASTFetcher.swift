import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoVAST
import KontextVideoNetworking

/// Fetches VAST wrapper targets through the SDK's own HTTP transport (the same one the ad
/// server conversation uses), so tests see every hop on the sandbox server.
package struct TransportVASTFetcher: VASTFetching {
    private let transport: any HTTPTransport

    /// Creates a fetcher over `transport`.
    package init(transport: any HTTPTransport) {
        self.transport = transport
    }

    /// GETs `url`; a non-2xx status is VAST 301.
    package func fetch(_ url: URL) async throws -> Data {
        let (data, response) = try await transport.send(URLRequest(url: url))
        guard (200..<300).contains(response.statusCode) else {
            throw VASTError(.wrapperTimeout, "HTTP \(response.statusCode) for \(url.absoluteString)")
        }
        return data
    }
}
