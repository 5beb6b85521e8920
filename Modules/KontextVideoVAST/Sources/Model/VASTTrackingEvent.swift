import Foundation

/// `<Tracking event="…" offset="…">URL</Tracking>`.
package struct VASTTrackingEvent: Sendable, Equatable, Encodable {
    /// The `event` attribute as written (`start`, `firstQuartile`, `progress`, …).
    package var event: String
    /// The URL, trimmed, macros verbatim.
    package var url: String
    /// The `offset` attribute as written (`progress` events).
    package var offsetText: String?
    /// The offset parsed (`start` / `end` accepted); `nil` when absent or refused.
    package var offset: VASTOffset?

    /// Creates a tracking entry.
    package init(event: String, url: String, offsetText: String? = nil) {
        self.event = event
        self.url = url
        self.offsetText = offsetText
        self.offset = VASTOffset(offsetText, allowStartEnd: true)
    }
}
