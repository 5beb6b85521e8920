import Foundation
import KontextVideoModels
import KontextVideoJournal

/// The queue 0.1.0 kept for every server, in `<storage>/events` (and its siblings `events-2`, …,
/// `events-pid-<n>`), whose entries record no destination.
///
/// The decision (`PROTOCOL.md`, *Which server receives which events*): they belong to the first
/// destination configured in the storage they are found in. On iOS and tvOS that storage is the
/// app's own container and a shipped app talks to one server with one token, so every event an
/// existing install queued is kept and delivered where it was going. The storage of macOS
/// outside the App Sandbox and of Linux is shared between apps: there the SDK now keeps its
/// files in a directory of the app's own, and the shared 0.1.0 queue, which no one app can claim,
/// is never read again.
package enum LegacyEventQueue {
    /// The directory 0.1.0 queued into, in the storage.
    package static let folder = "events"

    /// Moves the 0.1.0 queues in `storage` that no live process owns into `store`, each entry
    /// bound to `destination`, and removes their directories (the same steps as adopting a dead
    /// process's queue: idempotent, so a crash half-way loses and repeats nothing).
    package static func migrate(storage: URL, into store: EventQueueStore, destination: EventDestination,
                                events: any KontextVideoEventMonitor) {
        var moved = 0
        for orphan in EventQueueDirectory.orphans(of: storage.appendingPathComponent(folder, isDirectory: true)) {
            guard let left = EventQueueStore.stored(in: orphan.directory) else {
                // Cannot be read yet (protected before the first unlock): the next launch tries again.
                orphan.release()
                continue
            }
            let (ours, others) = left.entries.partitioned { $0.server == nil || $0.server == destination.server }
            store.adopt(ours.map { $0.bound(to: destination) }, droppedCount: left.droppedCount)
            // 0.1.0 recorded no server: an entry naming another one was not queued for this one.
            QueueRetention.report(others, server: others.first?.server ?? "", reason: "recorded for another server", events: events)
            moved += ours.count
            try? FileManager.default.removeItem(at: orphan.directory)
            orphan.release()
        }
        guard moved > 0 else { return }
        events.record(KontextVideoEvent(.beacon, .queueMigrated, level: .info, attributes: [
            "count": "\(moved)", "server": destination.server,
        ]))
    }
}

extension Array {
    /// The elements that satisfy `belongs`, and the others, each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> (matching: [Element], others: [Element]) {
        var matching: [Element] = []
        var others: [Element] = []
        for element in self {
            if belongs(element) { matching.append(element) } else { others.append(element) }
        }
        return (matching, others)
    }
}
