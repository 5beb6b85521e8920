import Foundation
import KontextVideoConcurrency

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
/// the queue (and at least `compactionFloor` lines), and never on the appending thread.
///
/// One concept per file: this one holds the queue and its changes; the format of the snapshot
/// and the journal lines is in `EventQueueJournal.swift`, folding the journal into the snapshot
/// in `EventQueueStore+Folding.swift`, and reading it all back after a crash in
/// `EventQueueStore+Recovery.swift`.
package final class EventQueueStore: Sendable {
    /// The snapshot's name.
    package static let fileName = "queue.json"
    /// The journal's name.
    package static let journalName = "queue.journal"
    /// Journals being folded into the snapshot are `queue.journal.<n>`, replayed in order of `n`.
    package static let foldedJournalPrefix = "queue.journal."
    /// The snapshot format's version.
    package static let formatVersion = QueueSnapshot.currentVersion
    /// The journal is folded into the snapshot once it has this many lines, or as many as the queue.
    package static let compactionFloor = 64
    /// The most pixels of one ad for one VAST event that wait in the queue at once. A VAST chain
    /// of the most wrappers the SDK follows (5) plus its inline ad, each adding a few pixels to an
    /// event (the ad server's, a verification vendor's, a measurement partner's), stays well under
    /// 32; an ad with more is broken or hostile, and the pixels past the cap are dropped, reported
    /// (`dropped`, with `reason`), never queued to evict others.
    package static let pixelsPerAdEvent = 32
    /// The largest snapshot or journal read: 2,000 entries of a few KiB each are far below it; a
    /// larger file was not written by the SDK and is moved aside unread (`StoredFileQuarantine`).
    package static let fileSizeLimit = 64 * 1024 * 1024

    /// The queue in memory, and the journal on disk.
    struct State {
        var file: QueueSnapshot
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
        /// The bytes of the last journal append, kept for the next one's lines (`persist`).
        var lineBuffer: [UInt8] = []
        /// What the budgets count, kept as entries come and go (`QueueTally`).
        var tally = QueueTally()
    }

    /// The snapshot.
    let file: URL
    /// The active journal.
    let journal: URL
    let directory: URL
    /// The budget of each kind: at most this many events, and as many pixels.
    package let capacity: Int
    /// Where problems with the files go (`JournalProblem`).
    let problems: @Sendable (JournalProblem) -> Void
    let state: LockedState<State>
    /// Whether a queue file exists that could not be read yet.
    let unreadFile = LockedState(false)
    /// Where folds that an append made due run: never on the appending thread.
    let compactor = DispatchQueue(label: "so.kontext.video.queue-compaction", qos: .utility)

    /// What a queue directory holds, read without writing anything (tests, and adopting the
    /// queue a process left behind).
    package static func stored(in directory: URL, capacity: Int = 1000) -> (entries: [QueuedEntry], droppedCount: Int)? {
        let reader = EventQueueStore(directory: directory, capacity: capacity, problems: { _ in }, loading: false)
        guard case .read(let loaded, _) = reader.readFiles(underLock: true, quarantining: false) else { return nil }
        return (loaded.entries, loaded.droppedCount)
    }

    /// Opens the queue in `directory` (created when missing). A snapshot that is not a queue is
    /// moved aside as `queue.corrupt-<timestamp>.json`, reported, and replaced by an empty queue.
    /// `capacity` is the budget of each kind: at most `capacity` events and `capacity` pixels
    /// wait, each kind evicting only its own oldest, so no number of pixels evicts an event.
    /// `problems` hears what goes wrong with the files (see `JournalProblem`); it may be called on
    /// any thread, never while the store's lock is held.
    package convenience init(directory: URL, capacity: Int, problems: @escaping @Sendable (JournalProblem) -> Void) {
        self.init(directory: directory, capacity: capacity, problems: problems, loading: true)
    }

    private init(directory: URL, capacity: Int, problems: @escaping @Sendable (JournalProblem) -> Void, loading: Bool) {
        self.directory = directory
        self.file = directory.appendingPathComponent(Self.fileName)
        self.journal = directory.appendingPathComponent(Self.journalName)
        self.capacity = max(1, capacity)
        self.problems = problems
        self.state = LockedState(State(file: .empty))
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
    /// dropped: the oldest entry of the same kind when that kind's budget is full (an event never
    /// makes room for a pixel, nor a pixel for an event), or `entry` itself when it is a pixel of an
    /// ad that has `pixelsPerAdEvent` pixels of that VAST event waiting. A fold this makes due runs
    /// later, on a background queue.
    @discardableResult
    package func append(_ entry: QueuedEntry) -> [QueuedEntry] {
        let (dropped, foldIsDue): ([QueuedEntry], Bool) = state.withLock { state in
            guard state.tally.admits(entry, cap: Self.pixelsPerAdEvent) else { return ([entry], false) }
            state.file.entries.append(entry)
            state.tally.add(entry)
            var removal: QueueJournalLine?
            let dropped = evictOverBudget(entry.kind, in: &state)
            if !dropped.isEmpty { removal = QueueJournalLine(remove: dropped.map(\.id), dropped: state.file.droppedCount) }
            persist(QueueJournalLine(add: entry), then: removal, in: &state)
            return (dropped, scheduleFoldIfDue(&state))
        }
        if foldIsDue { foldInBackground() }
        return dropped
    }

    /// What `append(contentsOf:)` did with a batch.
    package struct BatchOutcome: Sendable {
        /// The entries queued, in order.
        package var queued: [QueuedEntry] = []
        /// Pixels not queued: their ad already had `pixelsPerAdEvent` pixels of their VAST event.
        package var overCap: [QueuedEntry] = []
        /// Entries dropped from the queue to make room within their kind's budget (older ones,
        /// or entries of this batch when the batch alone is larger than the budget).
        package var evicted: [QueuedEntry] = []
    }

    /// Adds `entries` in order under one lock and writes them down in one `write(2)`: an ad's
    /// pixels of one moment cost one system call, not one each. The same rules as `append(_:)`
    /// apply to each entry.
    /// - Parameter entries: The entries to queue.
    /// - Returns: What was queued, refused over the cap, and evicted.
    @discardableResult
    package func append(contentsOf entries: [QueuedEntry]) -> BatchOutcome {
        guard !entries.isEmpty else { return BatchOutcome() }
        let (outcome, foldIsDue): (BatchOutcome, Bool) = state.withLock { state in
            var outcome = BatchOutcome()
            for entry in entries {
                guard state.tally.admits(entry, cap: Self.pixelsPerAdEvent) else {
                    outcome.overCap.append(entry)
                    continue
                }
                state.file.entries.append(entry)
                state.tally.add(entry)
                outcome.queued.append(entry)
                outcome.evicted += evictOverBudget(entry.kind, in: &state)
            }
            guard !outcome.queued.isEmpty else { return (outcome, false) }
            var lines = outcome.queued.map { QueueJournalLine(add: $0) }
            if !outcome.evicted.isEmpty {
                lines.append(QueueJournalLine(remove: outcome.evicted.map(\.id), dropped: state.file.droppedCount))
            }
            persist(lines, in: &state)
            return (outcome, scheduleFoldIfDue(&state))
        }
        if foldIsDue { foldInBackground() }
        return outcome
    }

    /// Drops the oldest entries of `kind` while that kind is over its budget, counted; returns them.
    private func evictOverBudget(_ kind: QueuedEntry.Kind, in state: inout State) -> [QueuedEntry] {
        guard state.tally.count(of: kind) > capacity else { return [] }
        var dropped: [QueuedEntry] = []
        // Only when the kind is full: a scan of the queue, not a cost of every append.
        var index = state.file.entries.startIndex
        while state.tally.count(of: kind) > capacity, index < state.file.entries.endIndex {
            if state.file.entries[index].kind == kind {
                let old = state.file.entries.remove(at: index)
                state.tally.remove(old)
                dropped.append(old)
            } else {
                index += 1
            }
        }
        let count = state.file.droppedCount
        state.file.droppedCount = count.addingReportingOverflow(dropped.count).overflow ? Int.max / 2 : min(count + dropped.count, Int.max / 2)
        return dropped
    }

    /// Marks a fold scheduled when one is due and none is; returns whether the caller must start it.
    private func scheduleFoldIfDue(_ state: inout State) -> Bool {
        guard !state.isFoldScheduled, isFoldDue(state) else { return false }
        state.isFoldScheduled = true
        return true
    }

    private func foldInBackground() {
        compactor.async {
            self.state.withLock { $0.isFoldScheduled = false }
            self.compactIfDue()
        }
    }

    /// Removes the entries with these ids (delivered, or refused for good) and writes it down.
    package func remove(ids: Set<String>) {
        guard !ids.isEmpty else { return }
        state.withLock { state in
            let before = state.file.entries.count
            state.file.entries.removeAll { entry in
                guard ids.contains(entry.id) else { return false }
                state.tally.remove(entry)
                return true
            }
            if state.file.entries.count != before {
                persist(QueueJournalLine(remove: ids.sorted()), in: &state)
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
                    state.tally.remove(entry)
                    return nil
                }
                counts[entry.id] = entry.refusals
                return entry
            }
            var line = QueueJournalLine(refusals: counts.isEmpty ? nil : counts)
            if !removed.isEmpty { line.remove = removed.map(\.id) }
            if line.refusals != nil || line.remove != nil { persist(line, in: &state) }
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
            state.file.droppedCount = min(min(state.file.droppedCount, Int.max / 2) + min(droppedCount, Int.max / 2), Int.max / 2)
            persist(QueueJournalLine(dropped: state.file.droppedCount), in: &state)
        }
    }

    // MARK: Writing

    /// Writes `line` down, and `second` after it in the same `write(2)`, appended to the journal
    /// (two parameters, not an array: the array was an allocation on every event queued). Called
    /// under the lock; never folds. While a queue file that exists could not be read yet (iOS data
    /// protection before the first unlock), nothing is written over it: it is read and merged
    /// first, or the change waits in memory.
    private func persist(_ line: QueueJournalLine, then second: QueueJournalLine? = nil, in state: inout State) {
        guard !state.isClosed else {
            // Only a test's reset closes the queue; what its ads still fire is dropped on purpose.
            report(JournalProblem(.notWritten, ["path": journal.path, "reason": "the queue was closed"], isExpected: true))
            return
        }
        if unreadFile.snapshot {
            guard mergeFilesRead(into: &state) else {
                report(JournalProblem(.notWritten, ["path": file.path, "reason": "the existing queue file cannot be read yet; entries wait in memory"]))
                return
            }
            writeSnapshotAndClearJournals(&state)
            return
        }
        // A leading newline: should a crash have left a torn line at the end, it stays alone. The
        // lines are written into the buffer the last append used (taken out of the state, so the
        // writer holds it alone and never copies it), and the buffer goes back after the write.
        var writer = JSONLineWriter(reusing: &state.lineBuffer)
        writer.raw(0x0A)
        line.write(to: &writer)
        writer.raw(0x0A)
        if let second {
            second.write(to: &writer)
            writer.raw(0x0A)
        }
        append(&writer, lineCount: second == nil ? 1 : 2, in: &state)
    }

    /// Writes `lines` down in one `write(2)` (a batch), like `persist(_:then:in:)`.
    private func persist(_ lines: [QueueJournalLine], in state: inout State) {
        guard !state.isClosed, !unreadFile.snapshot else {
            // Closed, or files not readable yet: the single-line path reports and merges.
            for line in lines { persist(line, in: &state) }
            return
        }
        var writer = JSONLineWriter(reusing: &state.lineBuffer)
        writer.raw(0x0A)
        for line in lines {
            line.write(to: &writer)
            writer.raw(0x0A)
        }
        append(&writer, lineCount: lines.count, in: &state)
    }

    /// Appends what `writer` holds (`lineCount` lines) to the journal in one `write(2)`, and gives
    /// its buffer back to the state for the next append.
    private func append(_ writer: inout JSONLineWriter, lineCount: Int, in state: inout State) {
        defer { state.lineBuffer = writer.takeBytes() }
        do {
            let journal = try state.journal ?? openJournal()
            state.journal = journal
            try journal.append(writer.bytes)
            state.journalLines += lineCount
        } catch {
            // The change is in memory; the next fold writes it in a snapshot.
            state.journal = nil
            state.needsSnapshot = true
            report(JournalProblem(.notWritten, ["path": journal.path, "error": "\(error)"]))
        }
    }

    private func openJournal() throws -> AppendOnlyFile {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try AppendOnlyFile(url: journal)
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

    /// Reports a problem off the lock: an owner that reacts by queueing an event must not deadlock.
    func report(_ problem: JournalProblem) {
        let problems = self.problems
        DispatchQueue.global().async { problems(problem) }
    }
}
