import Foundation
import KontextVideoJournal

extension QueuedEntry {
    /// The queue form of `entry` under `id` (an event's `eventId`), stamped with the current
    /// `sessionId` and bound to `destination`: an event is written here, once, as the bytes the
    /// server will receive (`WireEvent.encoded`).
    /// - Parameters:
    ///   - entry: The event or pixel.
    ///   - id: Its id.
    ///   - sessionId: The session it is sent with.
    ///   - destination: Where it is delivered.
    ///   - now: The wall clock's time as it is queued: an event's timestamp when it has none.
    package init(_ entry: PipelineEntry, id: UUID, sessionId: String?, destination: EventDestination? = nil, queuedAt now: Date) {
        switch entry {
        case .event(let event):
            let wire = WireEvent(event, eventId: id, queuedAt: now)
            self.init(id: wire.eventId, kind: .event, event: wire.encoded)
        case .pixel(let url):
            self.init(id: id.lowercasedString, kind: .pixel, url: url.absoluteString)
        case .trackingPixel(let pixel):
            self.init(id: id.lowercasedString, kind: .pixel, url: pixel.url.absoluteString, adId: pixel.adId, vastEvent: pixel.event)
        }
        self.sessionId = sessionId
        server = destination?.server
        publisherToken = destination?.publisherToken
    }

    /// The entry bound to `destination` when it records none (an entry of 0.1.0).
    /// - Parameter destination: The destination of the queue it was found in.
    /// - Returns: The entry, bound.
    package func bound(to destination: EventDestination) -> QueuedEntry {
        bound(server: destination.server, publisherToken: destination.publisherToken)
    }

    /// The event read back from its bytes (`nil` for a pixel): for reports and tests, never on
    /// the way to the server, which receives the bytes as they are.
    package var wireEvent: WireEvent? {
        event.flatMap { try? JSONDecoder().decode(WireEvent.self, from: Data($0.json)) }
    }
}
