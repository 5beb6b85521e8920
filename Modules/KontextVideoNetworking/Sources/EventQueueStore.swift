import Foundation
import KontextVideoModels

/// The durable queue: `queue.json` in the pipeline's directory, rewritten atomically on
/// every change, so an entry is on disk before anyone tries to send it. Bounded: when full,
/// the oldest entry is dropped and counted. Safe to use from any thread.
package final class EventQueueStore: Sendable {
    /// The queue file's name.
    package static let fileName = "queue.json"
    /// The file format's version.
    package static let formatVersion = 1

    /// The file's content.
    private struct File: Codable {
        var version: Int
        var droppedCount: Int
        var entries: [QueuedEntry]
    }

    private let file: URL
    private let directory: URL
    private let capacity: Int
    private let events: any KontextVideoEventMonitor
    private let state: LockedState<File>
    /// Whether a queue file exists that could not be read yet.
    private let unreadFile = LockedState(false)

    /// Opens the queue in `directory` (created when missing). A file that cannot be read is
    /// moved aside as `queue.corrupt-<timestamp>.json`, reported, and replaced by an empty queue.
    package init(directory: URL, capacity: Int, events: any KontextVideoEventMonitor) {
        self.directory = directory
        self.file = directory.appendingPathComponent(Self.fileName)
        self.capacity = max(1, capacity)
        self.events = events
        self.state = LockedState(File(version: Self.formatVersion, droppedCount: 0, entries: []))
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        load()
    }

    /// The entries waiting, oldest first.
    package var entries: [QueuedEntry] {
        state.withLock { $0.entries }
    }

    /// How many entries wait.
    package var count: Int {
        state.withLock { $0.entries.count }
    }

    /// How many entries were dropped because the queue was full, over every launch.
    package var droppedCount: Int {
        state.withLock { $0.droppedCount }
    }

    /// Adds `entry` and writes the file; returns the entries dropped to make room.
    @discardableResult
    package func append(_ entry: QueuedEntry) -> [QueuedEntry] {
        state.withLock { file in
            file.entries.append(entry)
            var dropped: [QueuedEntry] = []
            if file.entries.count > capacity {
                dropped = Array(file.entries.prefix(file.entries.count - capacity))
                file.entries.removeFirst(dropped.count)
                file.droppedCount = file.droppedCount.addingReportingOverflow(dropped.count).overflow ? Int.max : file.droppedCount + dropped.count
            }
            write(&file)
            return dropped
        }
    }

    /// Removes the entries with these ids (delivered, or refused for good) and writes the file.
    package func remove(ids: Set<String>) {
        guard !ids.isEmpty else { return }
        state.withLock { file in
            let before = file.entries.count
            file.entries.removeAll { ids.contains($0.id) }
            if file.entries.count != before { write(&file) }
        }
    }

    /// Counts one refusal for each of these entries and writes the file; entries refused
    /// `limit` times are removed and returned.
    package func recordRefusal(ids: Set<String>, limit: Int) -> [QueuedEntry] {
        guard !ids.isEmpty else { return [] }
        return state.withLock { file in
            var removed: [QueuedEntry] = []
            file.entries = file.entries.compactMap { entry in
                guard ids.contains(entry.id) else { return entry }
                var entry = entry
                entry.refusals = min(entry.refusals ?? 0, Int.max - 1) + 1
                if (entry.refusals ?? 0) >= limit {
                    removed.append(entry)
                    return nil
                }
                return entry
            }
            write(&file)
            return removed
        }
    }

    /// Writes atomically (a temporary file renamed over the old one). Called under the lock.
    /// While a file that exists could not be read yet (iOS data protection before the first
    /// unlock), it is never overwritten: it is read and merged first, or left alone.
    private func write(_ content: inout File) {
        if unreadFile.snapshot {
            guard let data = try? Data(contentsOf: file) else {
                report("event queue not written", ["path": file.path, "reason": "the existing queue file cannot be read yet; entries wait in memory"])
                return
            }
            unreadFile.withLock { $0 = false }
            if let older = try? JSONDecoder().decode(File.self, from: data), older.version == Self.formatVersion {
                let known = Set(older.entries.map(\.id))
                content.entries = older.entries.filter(\.isWellFormed) + content.entries.filter { !known.contains($0.id) }
                content.droppedCount = min(max(0, older.droppedCount), Int.max / 2) + content.droppedCount
                if content.entries.count > capacity {
                    content.droppedCount += content.entries.count - capacity
                    content.entries.removeFirst(content.entries.count - capacity)
                }
            } else {
                quarantine(reason: "unreadable once it could be read")
            }
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(content)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            report("event queue not written", ["path": file.path, "error": "\(error)"])
        }
    }

    /// Reports an error off the lock: a monitor that reacts by queueing an event must not deadlock.
    private func report(_ name: String, _ attributes: [String: String]) {
        let event = KontextVideoEvent(.error, name, level: .error, attributes: attributes)
        let events = self.events
        DispatchQueue.global().async { events.record(event) }
    }

    /// Reads the file; quarantines it when it is not a queue. A file that cannot be read at all
    /// (protected until the device is first unlocked) is left in place and read again before the
    /// first write.
    private func load() {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            unreadFile.withLock { $0 = true }
            report("event queue not readable yet", ["path": file.path, "error": "\(error)"])
            return
        }
        let reason: String
        do {
            let content = try JSONDecoder().decode(File.self, from: data)
            if content.version == Self.formatVersion {
                var entries = content.entries.filter(\.isWellFormed)
                var droppedCount = min(max(0, content.droppedCount), Int.max / 2) + (content.entries.count - entries.count)
                if entries.count > capacity {
                    droppedCount += entries.count - capacity
                    entries.removeFirst(entries.count - capacity)
                }
                let loaded = File(version: Self.formatVersion, droppedCount: droppedCount, entries: entries)
                state.withLock { $0 = loaded }
                if loaded.entries.count != content.entries.count { state.withLock { write(&$0) } }
                return
            }
            reason = "unknown version \(content.version)"
        } catch {
            reason = "\(error)"
        }
        quarantine(reason: reason)
    }

    /// Moves the unreadable file aside and reports it.
    private func quarantine(reason: String) {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var target = directory.appendingPathComponent("queue.corrupt-\(stamp).json")
        var suffix = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = directory.appendingPathComponent("queue.corrupt-\(stamp)-\(suffix).json")
            suffix += 1
        }
        var attributes = ["reason": reason]
        do {
            try FileManager.default.moveItem(at: file, to: target)
            attributes["movedTo"] = target.lastPathComponent
        } catch {
            // Could not move it aside: it stays in place and the next write replaces it.
            attributes["kept"] = "true"
            attributes["error"] = "\(error)"
        }
        events.record(KontextVideoEvent(.error, "event queue corrupt", level: .error, attributes: attributes))
    }
}
