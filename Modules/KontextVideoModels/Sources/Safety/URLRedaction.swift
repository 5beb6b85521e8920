import Foundation

/// What a log may show of a URL an ad named: its scheme, host and path, never its query or
/// fragment (which carry consent strings, ids and the viewer's data once macros are filled) nor
/// any user name or password.
package enum URLRedaction {
    /// `url` as `scheme://host/path` (`scheme:` alone for a URL without a host, such as `tel:`),
    /// with `?…` where a query or fragment was left out.
    package static func redacted(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        guard let host = url.host, !host.isEmpty else { return scheme.isEmpty ? "(no scheme)" : "\(scheme):" }
        let port = url.port.map { ":\($0)" } ?? ""
        let hidden = url.query != nil || url.fragment != nil ? "?…" : ""
        return "\(scheme)://\(host)\(port)\(url.path)\(hidden)"
    }
}
