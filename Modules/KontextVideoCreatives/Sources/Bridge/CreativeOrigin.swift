import Foundation

/// A web origin — scheme, host and port — as the browser compares them: the creative page's
/// own, and the one WebKit reports for the frame a message came from. Only a message whose
/// frame has the creative's origin is read; every other is dropped.
package struct CreativeOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lowercased (`https`).
    package let scheme: String
    /// The host, lowercased (`ads.example.com`, `127.0.0.1`).
    package let host: String
    /// The port; `nil` when it is the scheme's default (80 for http, 443 for https).
    package let port: Int?

    /// The origin of `url`, or `nil` when it has none a page could speak from (no host, or a
    /// scheme other than http and https: `file:`, `data:`, `about:` pages never speak the bridge).
    package init?(url: URL) {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        self.init(scheme: scheme, host: host, port: url.port)
    }

    /// The origin of its parts, as `WKSecurityOrigin` reports them (`protocol`, `host`, `port`,
    /// where port 0 means the scheme's default); `nil` for a scheme other than http and https
    /// or an empty host.
    package init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        guard scheme == "http" || scheme == "https", !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        let defaultPort = scheme == "https" ? 443 : 80
        self.port = (port == nil || port == 0 || port == defaultPort) ? nil : port
    }

    /// The origin as the browser serializes it (`https://ads.example.com`, `http://127.0.0.1:8080`):
    /// what `location.origin` and `MessageEvent.origin` say in the page.
    package var serialized: String {
        let host = self.host.contains(":") && !self.host.hasPrefix("[") ? "[\(self.host)]" : self.host
        return port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// The serialized origin.
    package var description: String { serialized }
}
