import KontextVideoConcurrency
import Foundation
import KontextVideoModels

/// The durable queue, in the pipeline's directory: a snapshot (`queue.json`, written atomically)
/// and a journal of the changes since (`queue.journal`, one JSON line per change, appended). An
/// entry is on disk before anyone tries to send it. Bounded: when full, the oldest entry is
/// dropped and counted. Safe to use from any thread.
///
/// Appending a line costs the same whatever waits in the queue; the snapshot is rewritten only
/// when the journal has grown as long as the queue (and at least `compactionFloor` lines), so
/// the cost per change stays flat as the queue fills. Journal lines are idempotent (an entry is
/// added once by id; removals, refusal counts and the drop count are absolute), so a crash
/// between writing a snapshot and clearing the journal replays nothing twice, and a torn last
/// line (a crash mid-append) is ignored.
package final class EventQueueStore: Sendable {
    /// The snapshot's name.
    package static let fileName = "queue.json"
    /// The journal's name.
    package static let journalName = "queue.journal"
    /// The snapshot format's version.
    package static let formatVersion = 1
    /// The journal is folded into the snapshot once it has this many lines, or as many as the queue.
    package static let compactionFloor = 64

    /// The snapshot's content.
    private struct File: Codable {
        var version: Int
        var droppedCount: Int
        var entries: [QueuedEntry]
    }

    /// One journal line: exactly one change.
    private struct JournalLine: Codable {
        /// An entry added at the end (ignored when its id is already queued).
        var add: QueuedEntry?
        /// Entries removed, by id.
        var remove: [String]?
        /// Refusal counts, absolute, by id.
        var refusals: [String: Int]?
        /// The drop count, absolute.
        var dropped: Int?
    }

    /// The queue in memory, and how long the journal on disk is.
    private struct State {
        var file: File
        var journalLines = 0
    }

    private let file: URL
    private let journal: URL
    private let directory: URL
    private let capacity: Int
    private let events: any KontextVideoEventMonitor
    private let state: LockedState<State>
    /// Whether a queue file exists that could not be read yet.
    private let unreadFile = LockedState(false)

    /// Opens the queue in `directory` (created when missing). A snapshot that is not a queue is
    /// moved aside as `queue.corrupt-<timestamp>.json`, reported, and replaced by an empty queue.
    package init(directory: URL, capacity: Int, events: any KontextVideoEventMonitor) {
        self.directory = directory
        self.file = directory.appendingPathComponent(Self.fileName)
        self.journal = directory.appendingPathComponent(Self.journalName)
        self.capacity = max(1, capacity)
        self.events = events
        self.state = LockedState(State(file: File(version: Self.formatVersion, droppedCount: 0, entries: [])))
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        load()
    }

    /// The entries waiting, oldest first.
    package var entries: [QueuedEntry] {
        state.withLock { $0.file.entries }
    }

    /// How many entries wait.
    package var count: Int {
        state.withLock { $0.file.entries.count }
    }

    /// How many entries were dropped because the queue was full, over every launch.
    package var droppedCount: Int {
        state.withLock { $0.file.droppedCount }
    }

    /// Adds `entry` and writes it down; returns the entries dropped to make room.
    @discardableResult
    package func append(_ entry: QueuedEntry) -> [QueuedEntry] {
        state.withLock { state in
            state.file.entries.append(entry)
            var lines = [JournalLine(add: entry)]
            var dropped: [QueuedEntry] = []
            if state.file.entries.count > capacity {
                dropped = Array(state.file.entries.prefix(state.file.entries.count - capacity))
                state.file.entries.removeFirst(dropped.count)
                let count = state.file.droppedCount
                state.file.droppedCount = count.addingReportingOverflow(dropped.count).overflow ? Int.max : count + dropped.count
                lines.append(JournalLine(remove: dropped.map(\.id), dropped: state.file.droppedCount))
            }
            persist(lines, in: &state)
            return dropped
        }
    }

    /// Removes the entries with these ids (delivered, or refused for good) and writes it down.
    package func remove(ids: Set<String>) {
        guard !ids.isEmpty else { return }
        state.withLock { state in
            let before = state.file.entries.count
            state.file.entries.removeAll { ids.contains($0.id) }
            if state.file.entries.count != before {
                persist([JournalLine(remove: ids.sorted())], in: &state)
            }
        }
    }

    /// Counts one refusal for each of these entries and writes it down; entries refused
    /// `limit` times are removed and returned.
    package func recordRefusal(ids: Set<String>, limit: Int) -> [QueuedEntry] {
        guard !ids.isEmpty else { return [] }
        return state.withLock { state in
            var removed: [QueuedEntry] = []
            var counts: [String: Int] = [:]
            state.file.entries = state.file.entries.compactMap { entry in
                guard ids.contains(entry.id) else { return entry }
                var entry = entry
                entry.refusals = min(entry.refusals ?? 0, Int.max - 1) + 1
                if (entry.refusals ?? 0) >= limit {
                    removed.append(entry)
                    return nil
                }
                counts[entry.id] = entry.refusals
                return entry
            }
            var line = JournalLine(refusals: counts.isEmpty ? nil : counts)
            if !removed.isEmpty { line.remove = removed.map(\.id) }
            if line.refusals != nil || line.remove != nil { persist([line], in: &state) }
            return removed
        }
    }

    // MARK: Writing

    /// Writes `lines` down: appended to the journal, or folded with everything into a new
    /// snapshot when the journal has grown long. Called under the lock. While a queue file that
    /// exists could not be read yet (iOS data protection before the first unlock), nothing is
    /// written over it: it is read and merged first, or the change waits in memory.
    private func persist(_ lines: [JournalLine], in state: inout State) {
        if unreadFile.snapshot {
            guard mergeFilesRead(into: &state) else {
                report(.queueNotWritten, ["path": file.path, "reason": "the existing queue file cannot be read yet; entries wait in memory"])
                return
            }
            compact(&state)
            return
        }
        if state.journalLines + lines.count >= max(Self.compactionFloor, state.file.entries.count), compact(&state) {
            return
        }
        do {
            try appendToJournal(lines)
            state.journalLines += lines.count
        } catch {
            // The journal could not be extended: a whole snapshot says the same.
            if !compact(&state) {
                report(.queueNotWritten, ["path": journal.path, "error": "\(error)"])
            }
        }
    }

    /// Writes the whole queue as the snapshot, atomically, then empties the journal; returns
    /// whether the snapshot was written.
    @discardableResult
    private func compact(_ state: inout State) -> Bool {
        do {
            let data = try Self.encoder.encode(state.file)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            report(.queueNotWritten, ["path": file.path, "error": "\(error)"])
            return false
        }
        // Lines left behind by a crash right here replay idempotently over the new snapshot.
        try? FileManager.default.removeItem(at: journal)
        state.journalLines = 0
        return true
    }

    private func appendToJournal(_ lines: [JournalLine]) throws {
        // A leading newline: should a crash have left a torn line at the end, it stays alone.
        var data = Data([0x0A])
        for line in lines {
            data.append(try Self.encoder.encode(line))
            data.append(0x0A)
        }
        if !FileManager.default.fileExists(atPath: journal.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: journal.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
        let handle = try FileHandle(forWritingTo: journal)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }

    /// Reports an error off the lock: a monitor that reacts by queueing an event must not deadlock.
    private func report(_ name: KontextVideoEvent.Name, _ attributes: [String: String]) {
        let event = KontextVideoEvent(.error, name, level: .error, attributes: attributes)
        let events = self.events
        DispatchQueue.global().async { events.record(event) }
    }

    private static var encoder: JSONEncoder { .kontext }

    // MARK: Reading

    /// Reads the snapshot and replays the journal. A snapshot that is not a queue is quarantined;
    /// files that cannot be read at all are left in place and read again before the first write.
    private func load() {
        switch readFiles(underLock: false) {
        case .unreadable(let error):
            unreadFile.withLock { $0 = true }
            report(.queueNotReadableYet, ["path": file.path, "error": error])
        case .read(let loaded, let journalLines):
            state.withLock { state in
                state.file = loaded
                state.journalLines = journalLines
                // Start from one clean snapshot when the journal or the bound changed anything.
                if journalLines > 0 { compact(&state) }
            }
        }
    }

    private enum ReadOutcome {
        case read(File, journalLines: Int)
        case unreadable(String)
    }

    /// The queue on disk: the snapshot (quarantined when it is not a queue) plus the journal.
    /// `underLock`: called while holding the store's lock (reports must not run inline then).
    private func readFiles(underLock: Bool) -> ReadOutcome {
        var loaded = File(version: Self.formatVersion, droppedCount: 0, entries: [])
        var trimmed = false
        if FileManager.default.fileExists(atPath: file.path) {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                return .unreadable("\(error)")
            }
            if let content = try? JSONDecoder().decode(File.self, from: data), content.version == Self.formatVersion {
                loaded.entries = content.entries.filter(\.isWellFormed)
                loaded.droppedCount = min(max(0, content.droppedCount), Int.max / 2) + (content.entries.count - loaded.entries.count)
                trimmed = loaded.entries.count != content.entries.count
            } else {
                let version = (try? JSONDecoder().decode(VersionOnly.self, from: data))?.version
                quarantine(reason: version.map { "unknown version \($0)" } ?? "not a queue file", underLock: underLock)
            }
        }
        var lines = 0
        if FileManager.default.fileExists(atPath: journal.path) {
            let data: Data
            do {
                data = try Data(contentsOf: journal)
            } catch {
                return .unreadable("\(error)")
            }
            lines = replay(data, into: &loaded, underLock: underLock)
        }
        if loaded.entries.count > capacity {
            loaded.droppedCount += loaded.entries.count - capacity
            loaded.entries.removeFirst(loaded.entries.count - capacity)
            trimmed = true
        }
        return .read(loaded, journalLines: trimmed ? max(lines, 1) : lines)
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    /// Applies journal lines in order. A line that does not parse (a torn last line after a crash,
    /// or damage) is skipped, reported unless it is the last; lines are idempotent, so the ones
    /// after it still apply. Returns how many lines there were.
    private func replay(_ data: Data, into file: inout File, underLock: Bool) -> Int {
        let rawLines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        for (index, raw) in rawLines.enumerated() {
            guard let line = try? JSONDecoder().decode(JournalLine.self, from: Data(raw)) else {
                if index < rawLines.count - 1 {
                    let attributes = ["path": journal.path, "line": "\(index + 1)"]
                    if underLock {
                        report(.queueJournalDamaged, attributes)
                    } else {
                        events.record(KontextVideoEvent(.error, .queueJournalDamaged, level: .error, attributes: attributes))
                    }
                }
                continue
            }
            if let entry = line.add, entry.isWellFormed, !file.entries.contains(where: { $0.id == entry.id }) {
                file.entries.append(entry)
            }
            if let removed = line.remove {
                let ids = Set(removed)
                file.entries.removeAll { ids.contains($0.id) }
            }
            if let refusals = line.refusals {
                for index in file.entries.indices {
                    if let count = refusals[file.entries[index].id] { file.entries[index].refusals = max(0, count) }
                }
            }
            if let dropped = line.dropped {
                file.droppedCount = min(max(file.droppedCount, dropped), Int.max / 2)
            }
        }
        return rawLines.count
    }

    /// Once unreadable files can be read: the queue on disk first, then what waited in memory.
    private func mergeFilesRead(into state: inout State) -> Bool {
        guard case .read(let older, _) = readFiles(underLock: true) else { return false }
        unreadFile.withLock { $0 = false }
        let known = Set(older.entries.map(\.id))
        var merged = older
        merged.entries += state.file.entries.filter { !known.contains($0.id) }
        merged.droppedCount = min(older.droppedCount + state.file.droppedCount, Int.max / 2)
        if merged.entries.count > capacity {
            merged.droppedCount += merged.entries.count - capacity
            merged.entries.removeFirst(merged.entries.count - capacity)
        }
        state.file = merged
        return true
    }

    /// Moves the snapshot aside and reports it (inline, unless the store's lock is held).
    private func quarantine(reason: String, underLock: Bool) {
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
            // Could not move it aside: it stays in place and the next snapshot replaces it.
            attributes["kept"] = "true"
            attributes["error"] = "\(error)"
        }
        let event = KontextVideoEvent(.error, .queueCorrupt, level: .error, attributes: attributes)
        if underLock {
            report(.queueCorrupt, attributes)
        } else {
            events.record(event)
        }
    }
}
