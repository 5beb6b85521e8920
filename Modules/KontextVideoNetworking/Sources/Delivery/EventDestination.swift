import Foundation

/// Where a queued entry goes: the ad server it was queued for and the publisher token it was
/// queued under (the session is the entry's own `sessionId`). Every entry records its
/// destination, and a pipeline delivers only entries of its own server, each under the token it
/// was queued with (`PROTOCOL.md`, *Which server receives which events*).
package struct EventDestination: Sendable, Hashable {
    /// The server's base URL, normalized (see `normalizedServer(_:)`).
    package var server: String
    /// The publisher token the entry was queued under.
    package var publisherToken: String

    /// The destination of `serverURL` with `publisherToken`.
    package init(serverURL: URL, publisherToken: String) {
        server = Self.normalizedServer(serverURL)
        self.publisherToken = publisherToken
    }

    /// Where the environment's events go.
    package init(_ environment: AdServerIdentity) {
        self.init(serverURL: environment.serverURL, publisherToken: environment.publisherToken)
    }

    /// One spelling per server: scheme and host lowercased, the scheme's default port left out,
    /// no user, query or fragment, no trailing slash. `HTTP://Example.com:80/` and
    /// `http://example.com` are one server; another port or path is another server.
    package static func normalizedServer(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if (components.scheme == "http" && components.port == 80) || (components.scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        var text = components.string ?? url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
