import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import KontextVideoSandbox

/// Builds protocol-conforming requests from plain dictionaries, as the SDK would send them,
/// and posts them to a sandbox with `URLSession`.
enum WireClient {
    static let token = "acme-dev"
    static let installId = "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11"
    static var sdk: [String: Any] { ["name": "kontext-video-swift", "platform": "linux", "version": "0.1.0"] }
    static var app: [String: Any] { ["bundleId": "com.acme.drama", "version": "3.2.1"] }

    static func initBody() -> [String: Any] {
        ["publisherToken": token, "installId": installId, "sdk": sdk, "app": app]
    }

    static func preloadBody(format: String, extra: [String: Any] = [:]) -> [String: Any] {
        var body: [String: Any] = [
            "publisherToken": token,
            "requestId": UUID().uuidString.lowercased(),
            "installId": installId,
            "sessionId": "sandbox-session",
            "sdk": sdk,
            "app": app,
            "device": ["os": "iOS", "osVersion": "18.1", "model": "iPhone16,2", "locale": "en_US",
                       "screenWidth": 393, "screenHeight": 852, "scale": 3] as [String: Any],
            "format": format,
            "content": ["id": "episode-1", "language": "en", "mediaRating": "safe", "duration": 1320.5,
                        "series": ["id": "s1", "episodeCount": 80] as [String: Any]] as [String: Any],
            "labels": ["stage": "first_episode"],
            "playhead": 0,
            "regulatory": ["gdpr": 1, "coppa": 0, "gppSid": [2, 3], "usPrivacy": "1YNN"] as [String: Any],
        ]
        body.merge(extra) { _, new in new }
        return body
    }

    static func event(_ type: String, id: String = UUID().uuidString.lowercased(), adId: String = "ad-1", data: [String: Any] = [:]) -> [String: Any] {
        ["eventId": id, "type": type, "adId": adId, "format": "overlay",
         "timestamp": "2026-11-29T16:02:24.123Z", "playhead": 12.5, "data": data]
    }

    /// A batch of `events`; in the session `sessionId` when given (one the server issued, or
    /// the batch is another server's).
    static func eventsBody(_ events: [[String: Any]], sessionId: String? = nil) -> [String: Any] {
        var body: [String: Any] = ["publisherToken": token, "installId": installId, "sdk": sdk, "events": events]
        if let sessionId { body["sessionId"] = sessionId }
        return body
    }

    /// Asks `server` for an overlay ad, as the SDK would before sending its events; returns its id.
    @discardableResult
    static func serveAd(_ server: SandboxAdServer) async throws -> String? {
        try await postJSON(server, "/video/preload", preloadBody(format: "overlay")).0?["ad"]?["id"]?.stringValue
    }

    /// POSTs `body` as the SDK would (headers included) and returns body and response.
    static func post(
        _ server: SandboxAdServer, _ path: String, _ body: [String: Any],
        headers: [String: String]? = nil
    ) async throws -> (Data, HTTPURLResponse) {
        let data = try JSONSerialization.data(withJSONObject: body)
        let standard = ["Content-Type": "application/json", "Accept": "application/json", "Kontextso-Publisher-Token": token]
        return try await LoopbackClient.send(server.baseURL.appendingPathComponent(path), method: "POST",
                                             headers: headers ?? standard, body: data)
    }

    /// POSTs and parses the JSON answer.
    static func postJSON(_ server: SandboxAdServer, _ path: String, _ body: [String: Any]) async throws -> (JSONValue?, Int) {
        let (data, response) = try await post(server, path, body)
        return (JSONValue(data: data), response.statusCode)
    }

    /// GETs a URL string.
    static func get(_ url: String) async throws -> (Data, HTTPURLResponse) {
        guard let url = URL(string: url) else { throw URLError(.badURL) }
        return try await LoopbackClient.send(url)
    }
}
