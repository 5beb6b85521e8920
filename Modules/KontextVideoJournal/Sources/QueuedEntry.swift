import Foundation

/// One entry of the queue: an event as the server receives it, or a pixel URL, with what its
/// delivery needs (its session, its destination, its refusals so far).
///
/// Read with `JSONDecoder` by name (unknown members are ignored, absent ones are `nil`), so entries
/// of every earlier version read back; written by `write(to:)` alone.
package struct QueuedEntry: Sendable, Hashable, Decodable {
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
    /// The event, for `.event`: the bytes the server receives.
    package var event: EncodedEvent?
    /// The URL, for `.pixel`.
    package var url: String?
    /// The session the event belongs to (sent with its batch).
    package var sessionId: String?
    /// The server it was queued for; absent in entries queued by 0.1.0, which belong to the
    /// destination of the queue they are found in.
    package var server: String?
    /// The publisher token it was queued under, and is delivered under; absent like `server`.
    package var publisherToken: String?
    /// How many 2xx answers left this event out of their `accepted` list (absent: none).
    package var refusals: Int?
    /// For a pixel: the ad it belongs to (absent: a pixel queued without one, or before 0.2).
    package var adId: String?
    /// For a pixel: the VAST event it tracks (with `adId`, what the per-ad cap counts).
    package var vastEvent: String?

    /// An entry of `kind` under `id`; the members its kind does not use stay `nil`.
    /// - Parameters:
    ///   - id: The entry's id (an event's `eventId`).
    ///   - kind: Event or pixel.
    ///   - event: The event's bytes, for `.event`.
    ///   - url: The pixel's URL, for `.pixel`.
    ///   - sessionId: The session it is sent with.
    ///   - server: The server it is bound to.
    ///   - publisherToken: The token it is delivered under.
    ///   - adId: A pixel's ad.
    ///   - vastEvent: A pixel's VAST event.
    package init(
        id: String, kind: Kind, event: EncodedEvent? = nil, url: String? = nil, sessionId: String? = nil,
        server: String? = nil, publisherToken: String? = nil, adId: String? = nil, vastEvent: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.event = event
        self.url = url
        self.sessionId = sessionId
        self.server = server
        self.publisherToken = publisherToken
        self.adId = adId
        self.vastEvent = vastEvent
    }

    /// The entry bound to `server` and `publisherToken` where it records none (an entry of 0.1.0).
    /// - Parameters:
    ///   - server: The server of the queue it was found in.
    ///   - publisherToken: The token that queue delivers under.
    /// - Returns: The entry, with both recorded.
    package func bound(server: String, publisherToken: String) -> QueuedEntry {
        guard self.server == nil || self.publisherToken == nil else { return self }
        var entry = self
        entry.server = self.server ?? server
        entry.publisherToken = self.publisherToken ?? publisherToken
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
    /// Writes the entry as the JSON object its `Decodable` form reads back (an absent value's key
    /// is left out); the event's bytes go in as they are.
    package func write(to writer: inout JSONLineWriter) {
        writer.member(#"{"id":"#, string: id)
        writer.member(#","kind":"#, string: kind.rawValue)
        if let event {
            writer.raw(#","event":"#)
            writer.raw(bytes: event.json)
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
