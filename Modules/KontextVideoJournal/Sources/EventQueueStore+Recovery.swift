import Foundation
import KontextVideoConcurrency

/// Reading the queue back: the snapshot (quarantined when it is not a queue of this format), the
/// journals set aside for folding, in order, then the active journal. A torn last line (a crash
/// mid-append) is skipped; files that cannot be read yet (iOS data protection before the first
/// unlock) are left in place and merged before the first write.
extension EventQueueStore {
    /// Reads the snapshot and replays the journal. A snapshot that is not a queue is quarantined;
    /// files that cannot be read at all are left in place and read again before the first write.
    func load() {
        switch readFiles(underLock: false) {
        case .unreadable(let error):
            unreadFile.withLock { $0 = true }
            report(JournalProblem(.notReadableYet, ["path": file.path, "error": error]))
        case .read(let loaded, let journalLines):
            state.withLock { state in
                state.file = loaded
                state.tally = QueueTally(loaded.entries)
                state.journalLines = journalLines
                state.nextFoldNumber = (foldedJournalNumbers().last ?? 0) + 1
                // Start from one clean snapshot when a journal or the bound changed anything.
                if journalLines > 0 { writeSnapshotAndClearJournals(&state) }
            }
        }
    }

    enum ReadOutcome {
        case read(QueueSnapshot, journalLines: Int)
        case unreadable(String)
    }

    /// The queue on disk: the snapshot (quarantined when it is not a queue) plus the journal.
    /// `underLock`: called while holding the store's lock (reports must not run inline then).
    func readFiles(underLock: Bool, quarantining: Bool = true) -> ReadOutcome {
        var loaded = QueueSnapshot.empty
        var trimmed = false
        if FileManager.default.fileExists(atPath: file.path) {
            let data: Data
            var tooLarge: FileContents.TooLarge?
            do {
                data = try FileContents.read(file, limit: Self.fileSizeLimit)
            } catch let error as FileContents.TooLarge {
                // Not a queue the SDK wrote: quarantined below like any other.
                (data, tooLarge) = (Data(), error)
            } catch {
                return .unreadable("\(error)")
            }
            if let content = try? JSONDecoder().decode(QueueSnapshot.self, from: data), content.version == QueueSnapshot.currentVersion {
                loaded.entries = content.entries.filter(\.isWellFormed)
                loaded.droppedCount = min(max(0, content.droppedCount), Int.max / 2) + (content.entries.count - loaded.entries.count)
                trimmed = loaded.entries.count != content.entries.count
            } else {
                let version = (try? JSONDecoder().decode(VersionOnly.self, from: data))?.version
                if quarantining {
                    let reason = tooLarge?.description ?? version.map { "unknown version \($0)" } ?? "not a queue file"
                    quarantine(reason: reason, underLock: underLock)
                }
            }
        }
        var lines = 0
        var replayed = QueueReplay(loaded)
        for journal in foldedJournalNumbers().map(foldedJournal) + [journal]
        where FileManager.default.fileExists(atPath: journal.path) {
            let data: Data
            do {
                data = try FileContents.read(journal, limit: Self.fileSizeLimit)
            } catch let tooLarge as FileContents.TooLarge {
                // No journal of the SDK's grows this long (it is folded at the queue's length):
                // replaying it would cost its size in memory. Set aside, reported, unread.
                if quarantining { quarantine(reason: tooLarge.description, underLock: underLock, file: journal) }
                trimmed = true
                continue
            } catch {
                return .unreadable("\(error)")
            }
            lines += replay(data, from: journal, into: &replayed, underLock: underLock)
        }
        loaded = replayed.snapshot
        // Each kind within its own budget: pixels found over it never cost an event its place.
        let excess = QueueTally.trim(&loaded.entries, capacity: capacity)
        if excess > 0 {
            loaded.droppedCount = min(loaded.droppedCount, Int.max / 2) + excess
            trimmed = true
        }
        return .read(loaded, journalLines: trimmed ? max(lines, 1) : lines)
    }

    struct VersionOnly: Decodable {
        var version: Int
    }

    /// Applies journal lines in order. A line that does not parse (a torn last line after a crash,
    /// or damage) is skipped, reported unless it is the last; lines are idempotent, so the ones
    /// after it still apply. Returns how many lines there were.
    func replay(_ data: Data, from journal: URL, into queue: inout QueueReplay, underLock: Bool) -> Int {
        let rawLines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        for (index, raw) in rawLines.enumerated() {
            guard let line = try? JSONDecoder().decode(QueueJournalLine.self, from: Data(raw)) else {
                if index < rawLines.count - 1 {
                    let problem = JournalProblem(.journalDamaged, ["path": journal.path, "line": "\(index + 1)"])
                    if underLock { report(problem) } else { problems(problem) }
                }
                continue
            }
            queue.apply(line)
        }
        return rawLines.count
    }

    /// Once unreadable files can be read: the queue on disk first, then what waited in memory.
    func mergeFilesRead(into state: inout State) -> Bool {
        guard case .read(let older, _) = readFiles(underLock: true) else { return false }
        unreadFile.withLock { $0 = false }
        let known = Set(older.entries.map(\.id))
        var merged = older
        merged.entries += state.file.entries.filter { !known.contains($0.id) }
        merged.droppedCount = min(min(older.droppedCount, Int.max / 2) + min(state.file.droppedCount, Int.max / 2), Int.max / 2)
        merged.droppedCount += QueueTally.trim(&merged.entries, capacity: capacity)
        state.file = merged
        state.tally = QueueTally(merged.entries)
        return true
    }

    /// Moves `damaged` (the snapshot unless said) aside, bounded (`StoredFileQuarantine`), and
    /// reports it (inline, unless the store's lock is held).
    func quarantine(reason: String, underLock: Bool, file damaged: URL? = nil) {
        // A snapshot that could not be moved stays in place and the next snapshot replaces it.
        let problem = JournalProblem(.corrupt, StoredFileQuarantine.moveAside(damaged ?? file, reason: reason))
        if underLock { report(problem) } else { problems(problem) }
    }
}
