import Foundation

/// What the durable pipeline delivers.
package enum PipelineEntry: Sendable, Hashable {
    /// An event for the server, batched into `POST /video/events`.
    case event(ServerEvent)
    /// A VAST tracking pixel: a plain `GET` of the URL (of no known ad: capped only by the
    /// queue's pixel budget).
    case pixel(URL)
    /// A VAST tracking pixel of an ad, capped per ad and VAST event
    /// (`EventQueueStore.pixelsPerAdEvent`).
    case trackingPixel(PixelToQueue)
}
