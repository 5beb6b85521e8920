import Foundation
import KontextVideoJournal
import KontextVideoModels

/// A pipeline's queue, opened: this process's claim on its directory (or a sibling's, when another
/// live process owns it), the queues dead processes left in siblings adopted, the 0.1.0 queue
/// migrated, and what must never be sent dropped, reported. Its `DestinationRecord` notes that
/// the destination is configured now.
struct OpenedEventQueue {
    /// This process's claim on `directory`, held for the pipeline's life.
    let claim: DirectoryLock?
    /// The directory claimed.
    let directory: URL
    /// The queue.
    let store: EventQueueStore

    /// Opens the queue in `directory` (or a sibling) for `destination`; with `legacyStorage`,
    /// also takes over the 0.1.0 queue there. `now` is the wall clock's time, for retention.
    init(
        directory: URL, destination: EventDestination, capacity: Int, legacyStorage: URL?, now: Date,
        events: any KontextVideoEventMonitor
    ) {
        let claim = EventQueueDirectory.claim(base: directory)
        let claimed = claim?.directory ?? directory
        let store = EventQueueStore(directory: claimed, capacity: capacity, events: events)
        var record = DestinationRecord.read(in: claimed, events: events)?.notAfter(now)
            ?? DestinationRecord(server: destination.server, configured: [:])
        for orphan in EventQueueDirectory.orphans(of: directory, except: claimed) {
            if let left = EventQueueStore.stored(in: orphan.directory, capacity: capacity) {
                store.adopt(left.entries, droppedCount: left.droppedCount)
                DestinationRecord.read(in: orphan.directory, events: events).map { record.merge($0.notAfter(now)) }
            }
            // Removed while still claimed, so no process starting now can take it half-read.
            try? FileManager.default.removeItem(at: orphan.directory)
        }
        if let legacyStorage {
            LegacyEventQueue.migrate(storage: legacyStorage, into: store, destination: destination, events: events)
        }
        Self.dropEntriesNotDeliverable(in: store, record: &record, destination: destination, now: now, events: events)
        Self.dropEventsNotOfTheProtocol(in: store, events: events)
        record.server = destination.server
        record.note(destination.publisherToken, at: now)
        record.write(in: claimed)
        self.claim = claim
        self.directory = claimed
        self.store = store
    }

    /// Drops, and reports, what this pipeline must never send: entries recorded for another
    /// server (none in a directory of this server's, unless its files were moved by hand), and
    /// entries of a token not configured with this server for the retention period. Entries of
    /// a token the record does not know yet start their retention now.
    private static func dropEntriesNotDeliverable(
        in store: EventQueueStore, record: inout DestinationRecord, destination: EventDestination, now: Date,
        events: any KontextVideoEventMonitor
    ) {
        let entries = store.entries
        for token in Set(entries.compactMap(\.publisherToken)) where record.configured[token] == nil {
            record.note(token, at: now)
        }
        let expiredTokens = QueueRetention.expiredTokens(record, now: now).subtracting([destination.publisherToken])
        let otherServer = entries.filter { $0.server.map { $0 != destination.server } ?? false }
        let expired = entries.filter { entry in
            guard let token = entry.publisherToken, entry.server == nil || entry.server == destination.server else { return false }
            return expiredTokens.contains(token)
        }
        store.remove(ids: Set((otherServer + expired).map(\.id)))
        for token in expiredTokens { record.configured[token] = nil }
        for (server, entries) in Dictionary(grouping: otherServer, by: { $0.server ?? "" }) {
            QueueRetention.report(entries, server: server, reason: "recorded for another server", events: events)
        }
        QueueRetention.report(expired, server: destination.server,
                              reason: "their publisher token has not been configured for 7 days", events: events)
    }

    /// Drops, and reports, queued events that do not read as the protocol's events: the journal
    /// keeps any JSON object as an event's bytes and sends them as they are, so an entry a damaged
    /// or planted file holds is judged here, once, when the queue opens (the server would refuse
    /// its whole batch for good).
    private static func dropEventsNotOfTheProtocol(in store: EventQueueStore, events: any KontextVideoEventMonitor) {
        let unreadable = store.entries.filter { $0.kind == .event && $0.wireEvent == nil }
        guard !unreadable.isEmpty else { return }
        store.remove(ids: Set(unreadable.map(\.id)))
        for entry in unreadable {
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: [
                "id": entry.id, "reason": "not an event of the protocol (a damaged or planted queue file)",
            ]))
        }
    }
}

/// The destination record, kept while the pipeline runs.
extension EventPipeline {
    /// Notes in the destination record that this destination is still configured, at most
    /// once per `recordInterval`, so the retention of its queue counts from the last note.
    func noteDestinationIfDue() {
        let now = wallClock()
        guard now.timeIntervalSince(recordWritten) >= Self.recordInterval || now < recordWritten else { return }
        noteDestination()
    }

    /// Notes in the destination record that this destination is configured now.
    func noteDestination() {
        let now = wallClock()
        recordWritten = now
        var record = DestinationRecord.read(in: directory, events: events)?.notAfter(now)
            ?? DestinationRecord(server: destination.server, configured: [:])
        record.note(destination.publisherToken, at: now)
        record.write(in: directory)
    }
}
