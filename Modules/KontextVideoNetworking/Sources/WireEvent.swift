import Foundation

/// One entry of `events` in `POST /video/events`; also how an event is kept in the durable
/// queue, so what is stored is exactly what is sent.
package struct WireEvent: Sendable, Hashable, Codable {
    /// Lowercase UUID.
    package var eventId: String
    /// The event type's wire name.
    package var type: String
    /// The server's id of the ad.
    package var adId: String
    /// The format's wire name.
    package var format: String
    /// ISO-8601 UTC with milliseconds.
    package var timestamp: String
    /// Seconds of content.
    package var playhead: Double
    /// The type's details.
    package var data: [String: JSONValue]

    /// The wire form of `event`, queued with `eventId`; a playhead that is negative or not
    /// finite is sent as 0.
    package init(_ event: ServerEvent, eventId: UUID) {
        self.eventId = eventId.lowercasedString
        type = event.type.rawValue
        adId = event.adId
        format = event.format.rawValue
        timestamp = WireTimestamp.string(from: event.timestamp)
        playhead = event.playhead.isFinite && event.playhead > 0 ? event.playhead : 0
        data = event.data
    }
}

extension WireEvent {
    /// Writes the event as the JSON object its `Codable` form reads back (same keys, in this order).
    package func write(to writer: inout JSONLineWriter) {
        writer.member(#"{"eventId":"#, string: eventId)
        writer.member(#","type":"#, string: type)
        writer.member(#","adId":"#, string: adId)
        writer.member(#","format":"#, string: format)
        writer.member(#","timestamp":"#, string: timestamp)
        writer.raw(#","playhead":"#)
        writer.number(playhead)
        writer.raw(#","data":"#)
        writer.value(.object(data))
        writer.raw(0x7D)
    }
}
