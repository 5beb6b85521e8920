/// One tracking pixel a linear ad owes: the VAST event it tracks (`impression`, `start`,
/// `firstQuartile`, `clickTracking`, `error`, …) and its URL, macros filled.
package struct TrackingPixel: Sendable, Equatable {
    /// The VAST event the pixel tracks, as `LinearTracker` names it.
    package var event: String
    /// The URL to `GET`.
    package var url: String

    /// Creates a pixel.
    package init(event: String, url: String) {
        self.event = event
        self.url = url
    }
}
