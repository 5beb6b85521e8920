import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoNetworking

/// Fetches a creative's bytes over the SDK's transport: the page or image of an overlay or pause
/// ad (the headless renderer; the image renderer of a platform without a web view), or the image
/// of an end card there. A non-2xx status, an empty body or (for an image) bytes that are no
/// image is VAST 502 (unable to fetch the resource); cancellation stays cancellation.
package enum CreativeFetch {
    /// The page or image of `ad`.
    package static func creative(of ad: ServedAd, transport: any HTTPTransport) async throws -> Data {
        guard let url = ad.creative.url else { throw CreativeFailure.pageDidNotLoad.loadError }
        return try await fetch(url, mustBeImage: ad.creative.kind == .image, transport: transport)
    }

    /// The image at `url`.
    package static func image(at url: URL, transport: any HTTPTransport) async throws -> Data {
        try await fetch(url, mustBeImage: true, transport: transport)
    }

    private static func fetch(_ url: URL, mustBeImage: Bool, transport: any HTTPTransport) async throws -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(URLRequest(url: url))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        guard (200..<300).contains(response.statusCode), !data.isEmpty else {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        if mustBeImage, !looksLikeImage(data) {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        return data
    }

    /// PNG, JPEG, GIF or WebP magic bytes.
    package static func looksLikeImage(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return true }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
        if bytes.starts(with: Array("GIF8".utf8)) { return true }
        return bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }
}
