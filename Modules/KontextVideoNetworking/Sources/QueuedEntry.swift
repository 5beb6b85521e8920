import Foundation

/// One entry of the queue file: an event in its wire form, or a pixel URL.
package struct QueuedEntry: Sendable, Hashable, Codable {
    /// `event` or `pixel`.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// A server event.
        case event
        /// A tracking pixel.
        case pixel
    }

    /// Unique per entry: the event's `eventId`, or the pixel's id (lowercase).
    package var id: String
    /// What the entry is.
    package var kind: Kind
    /// The event, for `.event`.
    package var event: WireEvent?
    /// The URL, for `.pixel`.
    package var url: String?
    /// The session the event belongs to (sent with its batch).
    package var sessionId: String?
    /// The server it was queued for (`EventDestination.server`); absent in entries queued by
    /// 0.1.0, which belong to the destination of the queue they are found in.
    package var server: String?
    /// The publisher token it was queued under, and is delivered under; absent like `server`.
    package var publisherToken: String?
    /// How many 2xx answers left this event out of their `accepted` list (absent: none).
    package var refusals: Int?
    /// For a pixel: the ad it belongs to (absent: a pixel queued without one, or before 0.2).
    package var adId: String?
    /// For a pixel: the VAST event it tracks (with `adId`, what the per-ad cap counts).
    package var vastEvent: String?

    /// The queue form of `entry` under `id` (an event's `eventId`), stamped with the current
    /// `sessionId` and bound to `destination`.
    package init(_ entry: PipelineEntry, id: UUID, sessionId: String?, destination: EventDestination? = nil) {
        switch entry {
        case .event(let event):
            let wire = WireEvent(event, eventId: id)
            self.id = wire.eventId
            kind = .event
            self.event = wire
            url = nil
        case .pixel(let url):
            self.id = id.lowercasedString
            kind = .pixel
            event = nil
            self.url = url.absoluteString
        case .trackingPixel(let pixel):
            self.id = id.lowercasedString
            kind = .pixel
            event = nil
            url = pixel.url.absoluteString
            adId = pixel.adId
            vastEvent = pixel.event
        }
        self.sessionId = sessionId
        server = destination?.server
        publisherToken = destination?.publisherToken
    }

    /// The entry bound to `destination` when it records none (an entry of 0.1.0).
    package func bound(to destination: EventDestination) -> QueuedEntry {
        guard server == nil || publisherToken == nil else { return self }
        var entry = self
        entry.server = server ?? destination.server
        entry.publisherToken = publisherToken ?? destination.publisherToken
        return entry
    }

    /// What the per-ad pixel cap counts this entry under: its ad and VAST event, for a pixel that
    /// has an ad; `nil` for events and pixels of no known ad.
    package var pixelGroup: PixelGroup? {
        guard kind == .pixel, let adId else { return nil }
        return PixelGroup(adId: adId, event: vastEvent ?? "")
    }

    /// Whether the entry carries what its kind needs.
    package var isWellFormed: Bool {
        switch kind {
        case .event: event != nil
        case .pixel: url.flatMap(URL.init(string:)) != nil
        }
    }
}

extension QueuedEntry {
    /// Writes the entry as the JSON object its `Codable` form reads back (same keys, in this
    /// order; an absent value's key is left out).
    package func write(to writer: inout JSONLineWriter) {
        writer.member(#"{"id":"#, string: id)
        writer.member(#","kind":"#, string: kind.rawValue)
        if let event {
            writer.raw(#","event":"#)
            event.write(to: &writer)
        }
        if let url { writer.member(#","url":"#, string: url) }
        if let sessionId { writer.member(#","sessionId":"#, string: sessionId) }
        if let server { writer.member(#","server":"#, string: server) }
        if let publisherToken { writer.member(#","publisherToken":"#, string: publisherToken) }
        if let refusals {
            writer.raw(#","refusals":"#)
            writer.integer(refusals)
        }
        if let adId { writer.member(#","adId":"#, string: adId) }
        if let vastEvent { writer.member(#","vastEvent":"#, string: vastEvent) }
        writer.raw(0x7D)
    }
}

/// One ad's pixels of one VAST event: what `EventQueueStore.pixelsPerAdEvent` caps.
package struct PixelGroup: Sendable, Hashable {
    /// The ad.
    package var adId: String
    /// The VAST event.
    package var event: String
}
