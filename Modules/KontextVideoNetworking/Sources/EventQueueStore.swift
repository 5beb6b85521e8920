import KontextVideoConcurrency
import Foundation
import KontextVideoModels

/// The durable queue, in the pipeline's directory: a snapshot (`queue.json`, written atomically)
/// and a journal of the changes since (`queue.journal`, one JSON line per change, appended with
/// one `write(2)` to a file held open with `O_APPEND`). `append` returns once its line is in the
/// kernel's page cache: an event the app's call caused survives the process being killed the
/// moment the call returned. Bounded: when full, the oldest entry is dropped and counted. Safe
/// to use from any thread; one store per directory per process (the pipeline claims the
/// directory, see `EventQueueDirectory`).
///
/// Appending costs the same whatever waits in the queue (about a microsecond to write the line,
/// plus the system call). The snapshot is rewritten only when the journal has grown as long as
/// the queue (and at least `compactionFloor` lines), and never on the appending thread: the
/// journal is renamed aside (`queue.journal.<n>`) under the lock, new lines go to a fresh one,
/// and the snapshot is written off the lock, on a background queue or the pipeline's actor.
/// Journal lines are idempotent (an entry is added once by id; removals, refusal counts and the
/// drop count are absolute), so a crash anywhere in that sequence replays nothing twice, and a
/// torn last line (a crash mid-append) is ignored.
package final class EventQueueStore: Sendable {
    /// The snapshot's name.
    package static let fileName = "queue.json"
    /// The journal's name.
    package static let journalName = "queue.journal"
    /// Journals being folded into the snapshot are `queue.journal.<n>`, replayed in order of `n`.
    package static let foldedJournalPrefix = "queue.journal."
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

        /// The line as JSON, the same `JSONDecoder` reads back, written without `JSONEncoder`.
        func jsonLine() -> [UInt8] {
            var writer = JSONLineWriter()
            writer.object { line in
                if let add { line.member("add") { add.write(to: &$0) } }
                if let remove {
                    line.member("remove") { $0.array { ids in for id in remove { ids.element { $0.string(id) } } } }
                }
                if let refusals {
                    line.member("refusals") {
                        $0.object { counts in
                            for id in refusals.keys.sorted() { counts.member(id) { $0.integer(refusals[id]!) } }
                        }
                    }
                }
                if let dropped { line.member("dropped") { $0.integer(dropped) } }
            }
            return writer.bytes
        }
    }

    /// The queue in memory, and the journal on disk.
    private struct State {
        var file: File
        /// Lines in the active journal.
        var journalLines = 0
        /// The active journal, opened at the first append after each fold.
        var journal: AppendOnlyFile?
        /// A fold is under way (only one at a time).
        var isCompacting = false
        /// An append scheduled a fold on the background queue that has not run yet.
        var isFoldScheduled = false
        /// A change could not be appended: the next fold must write a snapshot.
        var needsSnapshot = false
        /// The number the next journal set aside for folding gets.
        var nextFoldNumber = 1
        /// `close()` was called: the directory may belong to another store now.
        var isClosed = false
    }

    private let file: URL
    private let journal: URL
    private let directory: URL
    private let capacity: Int
    private let events: any KontextVideoEventMonitor
    private let state: LockedState<State>
    /// Whether a queue file exists that could not be read yet.
    private let unreadFile = LockedState(false)
    /// Where folds that an append made due run: never on the appending thread.
    private let compactor = DispatchQueue(label: "so.kontext.video.queue-compaction", qos: .utility)

    /// What a queue directory holds, read without writing anything (tests, and adopting the
    /// queue a process left behind).
    package static func stored(in directory: URL, capacity: Int = 1000) -> (entries: [QueuedEntry], droppedCount: Int)? {
        let reader = EventQueueStore(directory: directory, capacity: capacity, events: NoEventMonitor(), loading: false)
        guard case .read(let loaded, _) = reader.readFiles(underLock: true, quarantining: false) else { return nil }
        return (loaded.entries, loaded.droppedCount)
    }

    /// Opens the queue in `directory` (created when missing). A snapshot that is not a queue is
    /// moved aside as `queue.corrupt-<timestamp>.json`, reported, and replaced by an empty queue.
    package convenience init(directory: URL, capacity: Int, events: any KontextVideoEventMonitor) {
        self.init(directory: directory, capacity: capacity, events: events, loading: true)
    }

    private init(directory: URL, capacity: Int, events: any KontextVideoEventMonitor, loading: Bool) {
        self.directory = directory
        self.file = directory.appendingPathComponent(Self.fileName)
        self.journal = directory.appendingPathComponent(Self.journalName)
        self.capacity = max(1, capacity)
        self.events = events
        self.state = LockedState(State(file: File(version: Self.formatVersion, droppedCount: 0, entries: [])))
        guard loading else { return }
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

    /// Adds `entry` and writes it down (in the page cache when this returns); returns the entries
    /// dropped to make room. A fold this makes due runs later, on a background queue.
    @discardableResult
    package func append(_ entry: QueuedEntry) -> [QueuedEntry] {
        let (dropped, foldIsDue): ([QueuedEntry], Bool) = state.withLock { state in
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
            guard !state.isFoldScheduled, isFoldDue(state) else { return (dropped, false) }
            state.isFoldScheduled = true
            return (dropped, true)
        }
        if foldIsDue {
            compactor.async {
                self.state.withLock { $0.isFoldScheduled = false }
                self.compactIfDue()
            }
        }
        return dropped
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
        compactIfDue()
    }

    /// Counts one refusal for each of these entries and writes it down; entries refused
    /// `limit` times are removed and returned.
    package func recordRefusal(ids: Set<String>, limit: Int) -> [QueuedEntry] {
        guard !ids.isEmpty else { return [] }
        let removed: [QueuedEntry] = state.withLock { state in
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
        compactIfDue()
        return removed
    }

    /// Takes over the entries another process's queue left behind (see `EventQueueDirectory`):
    /// each one not already queued is appended and written down; the drop count adds up.
    package func adopt(_ entries: [QueuedEntry], droppedCount: Int) {
        let known = Set(self.entries.map(\.id))
        for entry in entries where !known.contains(entry.id) {
            append(entry)
        }
        guard droppedCount > 0 else { return }
        state.withLock { state in
            state.file.droppedCount = min(state.file.droppedCount + min(droppedCount, Int.max / 2), Int.max / 2)
            persist([JournalLine(dropped: state.file.droppedCount)], in: &state)
        }
    }

    // MARK: Writing

    /// Writes `lines` down, appended to the journal. Called under the lock; never folds. While a
    /// queue file that exists could not be read yet (iOS data protection before the first
    /// unlock), nothing is written over it: it is read and merged first, or the change waits in
    /// memory.
    private func persist(_ lines: [JournalLine], in state: inout State) {
        guard !state.isClosed else {
            // Only a test's reset closes the queue; what its ads still fire is dropped on purpose.
            report(.queueNotWritten, ["path": journal.path, "reason": "the queue was closed"], level: .debug)
            return
        }
        if unreadFile.snapshot {
            guard mergeFilesRead(into: &state) else {
                report(.queueNotWritten, ["path": file.path, "reason": "the existing queue file cannot be read yet; entries wait in memory"])
                return
            }
            writeSnapshotAndClearJournals(&state)
            return
        }
        // A leading newline: should a crash have left a torn line at the end, it stays alone.
        var bytes: [UInt8] = [0x0A]
        for line in lines {
            bytes.append(contentsOf: line.jsonLine())
            bytes.append(0x0A)
        }
        do {
            let journal = try state.journal ?? openJournal()
            state.journal = journal
            try journal.append(bytes)
            state.journalLines += lines.count
        } catch {
            // The change is in memory; the next fold writes it in a snapshot.
            state.journal = nil
            state.needsSnapshot = true
            report(.queueNotWritten, ["path": journal.path, "error": "\(error)"])
        }
    }

    private func openJournal() throws -> AppendOnlyFile {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try AppendOnlyFile(url: journal)
    }

    /// Whether the journal has grown as long as the queue (and at least `compactionFloor` lines),
    /// or a change is only in memory.
    private func isFoldDue(_ state: State) -> Bool {
        !state.isCompacting && !state.isClosed
            && (state.needsSnapshot || state.journalLines >= max(Self.compactionFloor, state.file.entries.count))
    }

    /// Folds the journal into a new snapshot when it is due. The lock is held only to set the
    /// journal aside and copy the queue; the snapshot is written off the lock, so appends never
    /// wait for it.
    package func compactIfDue() {
        let fold: (File, Int)? = state.withLock { state in
            guard isFoldDue(state) else { return nil }
            state.journal = nil
            let number = state.nextFoldNumber
            if FileManager.default.fileExists(atPath: journal.path) {
                do {
                    try FileManager.default.moveItem(at: journal, to: foldedJournal(number))
                } catch {
                    report(.queueNotWritten, ["path": journal.path, "error": "\(error)"])
                    return nil
                }
                state.nextFoldNumber += 1
            }
            state.journalLines = 0
            state.needsSnapshot = false
            state.isCompacting = true
            return (state.file, number)
        }
        guard let (snapshot, folded) = fold else { return }
        let written = writeSnapshot(snapshot)
        if written {
            // Lines left behind by a crash right here replay idempotently over the new snapshot.
            for number in foldedJournalNumbers() where number <= folded {
                try? FileManager.default.removeItem(at: foldedJournal(number))
            }
        }
        state.withLock { state in
            state.isCompacting = false
            if !written { state.needsSnapshot = true }
        }
    }

    /// Returns once a fold an append scheduled has run (tests; a store closing down).
    package func waitForScheduledFolds() {
        compactor.sync {}
    }

    /// Stops writing: what is on disk stays for the next store over this directory, and later
    /// changes stay in memory only (reported). Waits for a fold under way.
    package func close() {
        waitForScheduledFolds()
        state.withLock { state in
            state.isClosed = true
            state.journal = nil
        }
    }

    /// Writes the whole queue as the snapshot, atomically; returns whether it was written.
    private func writeSnapshot(_ snapshot: File) -> Bool {
        do {
            let data = try Self.encoder.encode(snapshot)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            return true
        } catch {
            report(.queueNotWritten, ["path": file.path, "error": "\(error)"])
            return false
        }
    }

    /// Writes the snapshot and removes every journal, under the lock: at load (nothing appends
    /// yet) and when files that could not be read were merged.
    private func writeSnapshotAndClearJournals(_ state: inout State) {
        guard writeSnapshot(state.file) else {
            state.needsSnapshot = true
            return
        }
        state.journal = nil
        try? FileManager.default.removeItem(at: journal)
        for number in foldedJournalNumbers() {
            try? FileManager.default.removeItem(at: foldedJournal(number))
        }
        state.journalLines = 0
        state.needsSnapshot = false
    }

    private func foldedJournal(_ number: Int) -> URL {
        directory.appendingPathComponent(Self.foldedJournalPrefix + String(number))
    }

    /// The numbers of the journals set aside for folding, in the order they were written.
    private func foldedJournalNumbers() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            name.hasPrefix(Self.foldedJournalPrefix) ? Int(name.dropFirst(Self.foldedJournalPrefix.count)) : nil
        }.sorted()
    }

    /// Reports an error off the lock: a monitor that reacts by queueing an event must not deadlock.
    private func report(_ name: KontextVideoEvent.Name, _ attributes: [String: String],
                        level: KontextVideoConfiguration.LogLevel = .error) {
        let event = KontextVideoEvent(.error, name, level: level, attributes: attributes)
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
                state.nextFoldNumber = (foldedJournalNumbers().last ?? 0) + 1
                // Start from one clean snapshot when a journal or the bound changed anything.
                if journalLines > 0 { writeSnapshotAndClearJournals(&state) }
            }
        }
    }

    private enum ReadOutcome {
        case read(File, journalLines: Int)
        case unreadable(String)
    }

    /// The queue on disk: the snapshot (quarantined when it is not a queue) plus the journal.
    /// `underLock`: called while holding the store's lock (reports must not run inline then).
    private func readFiles(underLock: Bool, quarantining: Bool = true) -> ReadOutcome {
        var loaded = File(version: Self.formatVersion, droppedCount: 0, entries: [])
        var trimmed = false
        if FileManager.default.fileExists(atPath: file.path) {
            let data: Data
            do {
                data = try FileContents.read(file)
            } catch {
                return .unreadable("\(error)")
            }
            if let content = try? JSONDecoder().decode(File.self, from: data), content.version == Self.formatVersion {
                loaded.entries = content.entries.filter(\.isWellFormed)
                loaded.droppedCount = min(max(0, content.droppedCount), Int.max / 2) + (content.entries.count - loaded.entries.count)
                trimmed = loaded.entries.count != content.entries.count
            } else {
                let version = (try? JSONDecoder().decode(VersionOnly.self, from: data))?.version
                if quarantining {
                    quarantine(reason: version.map { "unknown version \($0)" } ?? "not a queue file", underLock: underLock)
                }
            }
        }
        var lines = 0
        for journal in foldedJournalNumbers().map(foldedJournal) + [journal]
        where FileManager.default.fileExists(atPath: journal.path) {
            let data: Data
            do {
                data = try FileContents.read(journal)
            } catch {
                return .unreadable("\(error)")
            }
            lines += replay(data, from: journal, into: &loaded, underLock: underLock)
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
    private func replay(_ data: Data, from journal: URL, into file: inout File, underLock: Bool) -> Int {
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
            attributes["moveFailure"] = "\(error)"   // may name a path: private in the unified log
        }
        let event = KontextVideoEvent(.error, .queueCorrupt, level: .error, attributes: attributes)
        if underLock {
            report(.queueCorrupt, attributes)
        } else {
            events.record(event)
        }
    }
}

/// Hears nothing: the read-only inspection of a queue directory reports nowhere.
private struct NoEventMonitor: KontextVideoEventMonitor {
    func record(_ event: KontextVideoEvent) {}
}
