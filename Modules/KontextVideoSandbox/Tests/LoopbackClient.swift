import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real `URLSession` requests against the loopback servers under test.
enum LoopbackClient {
    /// A session without caches or cookies, so every request reaches the server.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        // Generous: a held response is released by a test's task, which may queue behind others for
        // a while under the thread sanitizer; the sandbox's own waits bound a real hang.
        configuration.timeoutIntervalForRequest = 300
        return URLSession(configuration: configuration)
    }()

    /// Sends a request and returns the body and the HTTP response.
    static func send(
        _ url: URL,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    /// The `URLError` a request fails with, or `nil` when it succeeded.
    static func failure(_ url: URL, method: String = "GET", body: Data? = nil) async -> URLError? {
        do {
            _ = try await send(url, method: method, body: body)
            return nil
        } catch let error as URLError {
            return error
        } catch {
            return URLError(.unknown)
        }
    }
}
