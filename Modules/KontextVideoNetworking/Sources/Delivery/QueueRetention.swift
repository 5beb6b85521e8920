import Foundation
import KontextVideoModels
import KontextVideoJournal

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
        guard let read = DestinationRecord.read(in: directory, events: events), let last = read.lastConfigured else {
            // No record of when it was configured: the retention starts now.
            var record = DestinationRecord(server: server, configured: [:])
            for token in Set(stored.entries.compactMap(\.publisherToken)) { record.note(token, at: now) }
            if record.configured.isEmpty { record.note("", at: now) }
            record.write(in: directory)
            return
        }
        let record = read.notAfter(now)
        // A time after now (a wall clock set back, a planted record) counts from now, written down,
        // so the 7 days run out one day instead of never.
        if record != read { record.write(in: directory) }
        guard isPast(record.lastConfigured ?? last, now: now) else { return }
        try? FileManager.default.removeItem(at: directory)
        report(stored.entries, server: record.server, reason: "the server has not been configured for 7 days", events: events)
    }

    /// Whether `milliseconds` (since 1970) is more than `period` before `now`. Any `Int64` is safe
    /// here (a record's times are clamped when read, and the difference saturates besides): a
    /// planted `-9223372036854775808` is simply long past.
    /// - Parameters:
    ///   - milliseconds: A time since 1970, as a record holds it.
    ///   - now: The wall clock's time.
    /// - Returns: Whether the retention period since `milliseconds` is over.
    package static func isPast(_ milliseconds: Int64, now: Date) -> Bool {
        let periodMilliseconds = period.components.seconds * 1000
        let (elapsed, overflow) = DestinationRecord.milliseconds(now).subtractingReportingOverflow(milliseconds)
        // Only a time far in the past overflows (now is clamped to years 0-9999): long past.
        return overflow ? milliseconds < 0 : elapsed > periodMilliseconds
    }

    /// The tokens of `record` whose time is past.
    /// - Parameters:
    ///   - record: A queue's destination record.
    ///   - now: The wall clock's time.
    /// - Returns: The tokens not configured for the retention period.
    package static func expiredTokens(_ record: DestinationRecord, now: Date) -> Set<String> {
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
