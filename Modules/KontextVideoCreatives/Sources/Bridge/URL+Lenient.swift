import Foundation

extension URL {
    /// A URL from a VAST tag's text: trimmed, and with the characters some tags leave raw
    /// (spaces, `|`, `{`, `}`, `^`) percent-encoded, so such a pixel is still fired rather than lost.
    package static func lenient(_ string: String) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let url = URL(string: trimmed) { return url }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return trimmed.addingPercentEncoding(withAllowedCharacters: allowed).flatMap(URL.init(string:))
    }
}
