import Foundation
import KontextVideoJournal
import KontextVideoModels

/// The way into the durable queue: writes each event or pixel to `store` on the caller's thread
/// (one `write(2)`, before the call that caused it returns), under a new id, stamped with the
/// session and the wall clock's date and bound to the destination, then wakes the delivery loop.
/// The pipeline makes it over the queue it opened; the facade's runtime holds it and appends
/// through it directly, without reaching through the client or the pipeline's actor.
package final class EventQueueWriter: Sendable {
    /// The queue on disk and in memory.
    let store: EventQueueStore
    /// Where the entries go (the server, the token they are queued under).
    let destination: EventDestination
    /// Gives each entry its id.
    let identifiers: any IdentifierSource
    /// The session each entry is sent with, read as it is queued.
    let sessionId: @Sendable () -> String?
    /// The wall clock: an event's timestamp when it has none.
    let wallClock: @Sendable () -> Date
    /// Wakes the delivery loop.
    let wake: WakeSignal
    /// Where what was queued, dropped or refused is reported.
    let events: any KontextVideoEventMonitor

    /// A writer over `store`, for `destination`, waking the loop through `wake`.
    init(
        store: EventQueueStore, destination: EventDestination, identifiers: any IdentifierSource,
        sessionId: @escaping @Sendable () -> String?, wallClock: @escaping @Sendable () -> Date, wake: WakeSignal,
        events: any KontextVideoEventMonitor
    ) {
        self.store = store
        self.destination = destination
        self.identifiers = identifiers
        self.sessionId = sessionId
        self.wallClock = wallClock
        self.wake = wake
        self.events = events
    }

    /// Writes `entry` to the queue file now, on the caller's thread, under a new id of
    /// `identifiers` (an event's `eventId`), and wakes the delivery loop: once this returns, the
    /// entry survives the process. Returns the entry's `id`, which its `queued`, `delivered` and
    /// `given up` events carry. A pixel of an ad that already has `EventQueueStore.pixelsPerAdEvent`
    /// pixels of its VAST event waiting is not queued: it is reported `dropped` (its id is returned
    /// all the same; `submitPixels(_:)` says which were queued).
    @discardableResult
    package func submit(_ entry: PipelineEntry) -> String {
        let queued = QueuedEntry(entry, id: identifiers.next(), sessionId: sessionId(), destination: destination, queuedAt: wallClock())
        let dropped = store.append(queued)
        if dropped.first?.id == queued.id {
            reportOverCap([queued])
        } else {
            events.record(.debug) {
                KontextVideoEvent(.beacon, .queued, attributes: EventPipeline.describe(queued, as: entry).merging(["pending": "\(store.count)"]) { $1 })
            }
            reportEvicted(dropped)
        }
        wake.signal()
        return queued.id
    }

    /// Writes an ad's pixels of one moment to the queue at once (one lock, one `write(2)`), each
    /// under a new id, and wakes the delivery loop. Pixels past `EventQueueStore.pixelsPerAdEvent`
    /// of their ad and VAST event are not queued, and reported (`dropped`, one warning per ad and
    /// event, with the `count`).
    /// - Parameter pixels: The pixels, in the order they fire.
    /// - Returns: Each pixel's queue entry id, in order; `nil` for a pixel over the cap.
    @discardableResult
    package func submitPixels(_ pixels: [PixelToQueue]) -> [String?] {
        guard !pixels.isEmpty else { return [] }
        let session = sessionId()
        let now = wallClock()
        let entries = pixels.map { QueuedEntry(.trackingPixel($0), id: identifiers.next(), sessionId: session, destination: destination, queuedAt: now) }
        let outcome = store.append(contentsOf: entries)
        events.record(.debug) {
            KontextVideoEvent(.beacon, .queued, attributes: [
                "count": "\(outcome.queued.count)", "ids": outcome.queued.map(\.id).joined(separator: ","), "pending": "\(store.count)",
            ])
        }
        reportOverCap(outcome.overCap)
        reportEvicted(outcome.evicted)
        wake.signal()
        let refused = Set(outcome.overCap.map(\.id))
        return entries.map { refused.contains($0.id) ? nil : $0.id }
    }

    /// Reports pixels refused over the per-ad cap: one warning per ad and VAST event.
    private func reportOverCap(_ refused: [QueuedEntry]) {
        guard !refused.isEmpty else { return }
        var groups: [PixelGroup: [QueuedEntry]] = [:]
        var order: [PixelGroup] = []
        for entry in refused {
            guard let group = entry.pixelGroup else { continue }
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(entry)
        }
        for group in order {
            let entries = groups[group] ?? []
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: [
                "adId": group.adId, "event": group.event, "count": "\(entries.count)",
                "ids": entries.map(\.id).joined(separator: ","),
                "reason": "more than \(EventQueueStore.pixelsPerAdEvent) pixels of one ad for one VAST event",
            ]))
        }
    }

    /// Reports entries evicted to keep their kind within its budget.
    private func reportEvicted(_ evicted: [QueuedEntry]) {
        for old in evicted {
            var attributes = EventPipeline.describe(old)
            attributes["droppedCount"] = "\(store.droppedCount)"
            attributes["reason"] = old.kind == .event ? "the queue holds \(store.capacity) events" : "the queue holds \(store.capacity) pixels"
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: attributes))
        }
    }
}
