import Foundation
import KontextVideoJournal
import KontextVideoModels

/// One entry of `events` in `POST /video/events`. It is written once, when it is queued
/// (`encoded`): the durable queue keeps those bytes and the batch body splices them in, so what is
/// stored is exactly what is sent. `Decodable` for reading a body or an entry back (reports, tests).
package struct WireEvent: Sendable, Hashable, Decodable {
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

    /// The wire form of `event`, queued with `eventId` at `queuedAt` (its timestamp when it has
    /// none); a playhead that is negative or not finite is sent as 0.
    package init(_ event: ServerEvent, eventId: UUID, queuedAt now: Date) {
        self.eventId = eventId.lowercasedString
        type = event.type.rawValue
        adId = event.adId
        format = event.format.rawValue
        timestamp = WireTimestamp.string(from: event.timestamp ?? now)
        playhead = event.playhead.isFinite && event.playhead > 0 ? event.playhead : 0
        data = event.data
    }
}

extension WireEvent {
    /// The event's JSON, as the journal stores it and the server receives it.
    package var encoded: EncodedEvent {
        var storage: [UInt8] = []
        var writer = JSONLineWriter(reusing: &storage)
        write(to: &writer)
        return EncodedEvent(json: writer.takeBytes())
    }

    /// Writes the event as a JSON object, keys in sorted order: the bytes `JSONLineWriter.value`
    /// writes for the same object, so an entry read back from an older queue (`EncodedEvent`)
    /// is written exactly as this version writes it.
    func write(to writer: inout JSONLineWriter) {
        writer.member(#"{"adId":"#, string: adId)
        writer.raw(#","data":"#)
        writer.value(.object(data))
        writer.member(#","eventId":"#, string: eventId)
        writer.member(#","format":"#, string: format)
        writer.raw(#","playhead":"#)
        writer.number(playhead)
        writer.member(#","timestamp":"#, string: timestamp)
        writer.member(#","type":"#, string: type)
        writer.raw(0x7D)
    }
}
