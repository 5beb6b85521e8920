import Foundation

/// What the durable pipeline delivers.
package enum PipelineEntry: Sendable, Hashable {
    /// An event for the server, batched into `POST /video/events`.
    case event(ServerEvent)
    /// A VAST tracking pixel: a plain `GET` of the URL.
    case pixel(URL)
}
