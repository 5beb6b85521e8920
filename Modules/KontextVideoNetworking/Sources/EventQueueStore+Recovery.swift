import Foundation
import KontextVideoModels

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
            do {
                data = try FileContents.read(file)
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
                    quarantine(reason: version.map { "unknown version \($0)" } ?? "not a queue file", underLock: underLock)
                }
            }
        }
        var lines = 0
        var replayed = QueueReplay(loaded)
        for journal in foldedJournalNumbers().map(foldedJournal) + [journal]
        where FileManager.default.fileExists(atPath: journal.path) {
            let data: Data
            do {
                data = try FileContents.read(journal)
            } catch {
                return .unreadable("\(error)")
            }
            lines += replay(data, from: journal, into: &replayed, underLock: underLock)
        }
        loaded = replayed.snapshot
        if loaded.entries.count > capacity {
            loaded.droppedCount += loaded.entries.count - capacity
            loaded.entries.removeFirst(loaded.entries.count - capacity)
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
                    let attributes = ["path": journal.path, "line": "\(index + 1)"]
                    if underLock {
                        report(.queueJournalDamaged, attributes)
                    } else {
                        events.record(KontextVideoEvent(.error, .queueJournalDamaged, level: .error, attributes: attributes))
                    }
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
        merged.droppedCount = min(older.droppedCount + state.file.droppedCount, Int.max / 2)
        if merged.entries.count > capacity {
            merged.droppedCount += merged.entries.count - capacity
            merged.entries.removeFirst(merged.entries.count - capacity)
        }
        state.file = merged
        return true
    }

    /// Moves the snapshot aside and reports it (inline, unless the store's lock is held).
    func quarantine(reason: String, underLock: Bool) {
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
