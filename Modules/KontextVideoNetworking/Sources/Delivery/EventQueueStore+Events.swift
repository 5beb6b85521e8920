import Foundation
import KontextVideoJournal
import KontextVideoModels

extension EventQueueStore {
    /// Opens the queue in `directory` (see `EventQueueStore.init(directory:capacity:problems:)`),
    /// reporting what goes wrong with its files on `events`.
    /// - Parameters:
    ///   - directory: The queue's directory (created when missing).
    ///   - capacity: The budget of each kind.
    ///   - events: Where problems with the files are reported.
    package convenience init(directory: URL, capacity: Int, events: any KontextVideoEventMonitor) {
        self.init(directory: directory, capacity: capacity, problems: { events.record(KontextVideoEvent($0)) })
    }
}

extension StoredFileQuarantine {
    /// Moves `file` aside and reports it on `events` as `event queue corrupt`.
    /// - Parameters:
    ///   - file: The file to move.
    ///   - reason: Why it cannot be read.
    ///   - events: Where the report goes.
    ///   - now: The wall clock's time, which stamps the name.
    package static func moveAside(_ file: URL, reason: String, events: any KontextVideoEventMonitor, now: Date = Date()) {
        events.record(KontextVideoEvent(JournalProblem(.corrupt, moveAside(file, reason: reason, now: now))))
    }
}

extension KontextVideoEvent {
    /// The error event that reports `problem`.
    init(_ problem: JournalProblem) {
        let name: Name = switch problem.kind {
        case .notWritten: .queueNotWritten
        case .notReadableYet: .queueNotReadableYet
        case .corrupt: .queueCorrupt
        case .journalDamaged: .queueJournalDamaged
        }
        self.init(.error, name, level: problem.isExpected ? .debug : .error, attributes: problem.attributes)
    }
}
