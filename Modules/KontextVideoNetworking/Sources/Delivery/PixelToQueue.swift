import Foundation

/// A VAST tracking pixel to queue, with what it tracks: the ad it belongs to and the VAST event it
/// fires for (`impression`, `start`, `firstQuartile`, `error`, …). The queue caps one ad's pixels
/// per event (`EventQueueStore.pixelsPerAdEvent`), so an ad of thousands of tracking URLs fills
/// neither the queue nor the network. (The VAST engine's `TrackingPixel` is what its tracker owes;
/// this is what the queue takes.)
package struct PixelToQueue: Sendable, Hashable {
    /// The URL, macros filled.
    package var url: URL
    /// The ad the pixel belongs to.
    package var adId: String
    /// The VAST event it tracks (`impression`, `start`, `error`, …).
    package var event: String

    /// Creates a pixel.
    /// - Parameters:
    ///   - url: The URL, macros filled.
    ///   - adId: The ad it belongs to.
    ///   - event: The VAST event it tracks.
    package init(url: URL, adId: String, event: String) {
        self.url = url
        self.adId = adId
        self.event = event
    }
}
