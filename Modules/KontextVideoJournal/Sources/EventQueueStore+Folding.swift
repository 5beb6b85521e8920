import Foundation
import KontextVideoConcurrency

/// Folding the journal into the snapshot: the journal is renamed aside (`queue.journal.<n>`)
/// under the lock, new lines go to a fresh one, and the snapshot is written off the lock, on a
/// background queue or the pipeline's actor, never on the appending thread. A crash anywhere in
/// that sequence replays nothing twice (journal lines are idempotent).
extension EventQueueStore {
    /// Whether the journal has grown as long as the queue (and at least `compactionFloor` lines),
    /// or a change is only in memory.
    func isFoldDue(_ state: State) -> Bool {
        !state.isCompacting && !state.isClosed
            && (state.needsSnapshot || state.journalLines >= max(Self.compactionFloor, state.file.entries.count))
    }

    /// Folds the journal into a new snapshot when it is due. The lock is held only to set the
    /// journal aside and copy the queue; the snapshot is written off the lock, so appends never
    /// wait for it.
    package func compactIfDue() {
        let fold: (QueueSnapshot, Int)? = state.withLock { state in
            guard isFoldDue(state) else { return nil }
            state.journal = nil
            let number = state.nextFoldNumber
            if FileManager.default.fileExists(atPath: journal.path) {
                do {
                    try FileManager.default.moveItem(at: journal, to: foldedJournal(number))
                } catch {
                    report(JournalProblem(.notWritten, ["path": journal.path, "error": "\(error)"]))
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

    /// Writes the whole queue as the snapshot, atomically; returns whether it was written.
    func writeSnapshot(_ snapshot: QueueSnapshot) -> Bool {
        do {
            let data = Data(snapshot.json())
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            return true
        } catch {
            report(JournalProblem(.notWritten, ["path": file.path, "error": "\(error)"]))
            return false
        }
    }

    /// Writes the snapshot and removes every journal, under the lock: at load (nothing appends
    /// yet) and when files that could not be read were merged.
    func writeSnapshotAndClearJournals(_ state: inout State) {
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

    func foldedJournal(_ number: Int) -> URL {
        directory.appendingPathComponent(Self.foldedJournalPrefix + String(number))
    }

    /// The numbers of the journals set aside for folding, in the order they were written.
    func foldedJournalNumbers() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            name.hasPrefix(Self.foldedJournalPrefix) ? Int(name.dropFirst(Self.foldedJournalPrefix.count)) : nil
        }.sorted()
    }
}
