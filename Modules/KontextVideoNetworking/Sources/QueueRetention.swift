import Foundation
import KontextVideoModels

/// How long entries whose destination is no longer configured are kept, so a server that comes
/// back still gets them: **7 days** after their server (or, on the configured server, their
/// token) was last configured, measured on the device's wall clock from the queue's
/// `DestinationRecord`. Then they are dropped, never sent elsewhere, and the drop is reported on
/// the event stream (`queued entries expired`, with the server, the count and the reason). The
/// check runs when a pipeline opens (each launch of the SDK).
package enum QueueRetention {
    /// How long entries of a destination that is not configured are kept.
    package static let period: Duration = .seconds(7 * 24 * 3600)

    /// Drops the queues of other servers in `storage` whose server has not been configured for
    /// `period`, and removes those that hold nothing; a queue a live process owns is left alone.
    /// `ownBase` is the family of the pipeline's own server, which this never touches.
    package static func sweep(storage: URL, except ownBase: URL, now: Date, events: any KontextVideoEventMonitor) {
        let own = ownBase.standardizedFileURL.path
        for base in EventQueueDirectory.serverBases(in: storage) where base.standardizedFileURL.path != own {
            for lock in EventQueueDirectory.orphans(of: base) {
                sweep(lock.directory, now: now, events: events)
                lock.release()
            }
        }
    }

    /// One queue of another server, claimed by the caller.
    private static func sweep(_ directory: URL, now: Date, events: any KontextVideoEventMonitor) {
        guard let stored = EventQueueStore.stored(in: directory) else { return }
        guard !stored.entries.isEmpty else {
            try? FileManager.default.removeItem(at: directory)
            return
        }
        let server = stored.entries.first?.server ?? ""
        guard let record = DestinationRecord.read(in: directory), let last = record.lastConfigured else {
            // No record of when it was configured: the retention starts now.
            var record = DestinationRecord(server: server, configured: [:])
            for token in Set(stored.entries.compactMap(\.publisherToken)) { record.note(token, at: now) }
            if record.configured.isEmpty { record.note("", at: now) }
            record.write(in: directory)
            return
        }
        guard isPast(last, now: now) else { return }
        try? FileManager.default.removeItem(at: directory)
        report(stored.entries, server: record.server, reason: "the server has not been configured for 7 days", events: events)
    }

    /// Whether `milliseconds` (since 1970) is more than `period` before `now`.
    static func isPast(_ milliseconds: Int64, now: Date) -> Bool {
        let periodMilliseconds = period.components.seconds * 1000
        return DestinationRecord.milliseconds(now) - milliseconds > periodMilliseconds
    }

    /// The tokens of `record` whose time is past.
    static func expiredTokens(_ record: DestinationRecord, now: Date) -> Set<String> {
        Set(record.configured.filter { isPast($0.value, now: now) }.keys)
    }

    /// Reports entries dropped past their retention: one warning, counted.
    static func report(_ entries: [QueuedEntry], server: String, reason: String, events: any KontextVideoEventMonitor) {
        guard !entries.isEmpty else { return }
        let counts = Dictionary(grouping: entries, by: \.kind).mapValues(\.count)
        events.record(KontextVideoEvent(.beacon, .queuedEntriesExpired, level: .warning, attributes: [
            "server": server,
            "count": "\(entries.count)",
            "events": "\(counts[.event] ?? 0)",
            "pixels": "\(counts[.pixel] ?? 0)",
            "reason": reason,
        ]))
    }
}
