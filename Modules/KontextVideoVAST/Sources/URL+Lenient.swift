import Foundation

extension URL {
    /// A URL from a VAST tag's text: trimmed, and with the characters some tags leave raw
    /// (spaces, `|`, `{`, `}`, `^`) percent-encoded, so such a pixel or hop is still followed
    /// rather than lost. Escapes already present are kept. Relative text resolves against `base`.
    package static func lenient(_ string: String, relativeTo base: URL? = nil) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let url = URL(string: trimmed, relativeTo: base) { return url.absoluteURL }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return trimmed.addingPercentEncoding(withAllowedCharacters: allowed)
            .flatMap { URL(string: $0, relativeTo: base) }?.absoluteURL
    }
}
