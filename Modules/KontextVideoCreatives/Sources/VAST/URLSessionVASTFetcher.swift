import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `VASTFetching` over `URLSession` for the `kontext-vast` tool: `http(s)` GET (plus `file:`
/// URLs when `allowsFileURLs`), a non-2xx status is an error (301), a body over `maxBytes`
/// (2 MiB) is VAST error 100.
package struct URLSessionVASTFetcher: VASTFetching {
    /// The largest body accepted.
    package var maxBytes: Int
    /// Whether `file:` URLs are read from disk (the tool inspecting local files).
    package var allowsFileURLs: Bool

    /// Creates a fetcher.
    package init(maxBytes: Int = VASTParser.maxDocumentBytes, allowsFileURLs: Bool = false) {
        self.maxBytes = maxBytes
        self.allowsFileURLs = allowsFileURLs
    }

    package func fetch(_ url: URL) async throws -> Data {
        if url.isFileURL {
            guard allowsFileURLs else { throw VASTError(.wrapperTimeout, "file URLs are not fetched: \(url)") }
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > maxBytes {
                throw VASTError(.xmlParsing, "document is \(size) bytes, over the \(maxBytes)-byte limit")
            }
            return try Data(contentsOf: url)
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw VASTError(.wrapperTimeout, "unsupported URL scheme: \(url)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/xml, text/xml, */*", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw VASTError(.wrapperTimeout, "HTTP \(http.statusCode) from \(url)")
        }
        guard data.count <= maxBytes else {
            throw VASTError(.xmlParsing, "document is \(data.count) bytes, over the \(maxBytes)-byte limit")
        }
        return data
    }
}
