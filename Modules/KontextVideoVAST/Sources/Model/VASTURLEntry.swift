import Foundation

/// A URL element with an optional `id` (`<Impression id="…">`, `<ClickTracking id="…">`).
package struct VASTURLEntry: Sendable, Equatable, Encodable {
    /// The URL, trimmed, macros verbatim.
    package var url: String
    /// The `id` attribute.
    package var id: String?

    /// Creates an entry.
    package init(url: String, id: String? = nil) {
        self.url = url
        self.id = id
    }
}
