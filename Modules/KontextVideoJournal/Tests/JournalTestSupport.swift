import Foundation
import KontextVideoConcurrency
@testable import KontextVideoJournal

extension JSONLineWriter {
    /// An empty writer with a buffer of its own (the queue reuses one buffer for every line).
    init() {
        var empty: [UInt8] = []
        self.init(reusing: &empty)
    }
}

extension QueueJournalLine {
    /// The line as JSON, the same `JSONDecoder` reads back, written without `JSONEncoder`.
    func jsonLine() -> [UInt8] {
        var writer = JSONLineWriter()
        write(to: &writer)
        return writer.bytes
    }
}

extension QueueSnapshot {
    /// The snapshot as its file holds it.
    var data: Data { Data(json()) }
}

/// What a store reported, in order.
final class ProblemLog: Sendable {
    private let problems = LockedState<[JournalProblem]>([])

    /// Records `problem` (the store's `problems` closure).
    func record(_ problem: JournalProblem) {
        problems.withLock { $0.append(problem) }
    }

    /// The problems of `kind` reported so far.
    func problems(_ kind: JournalProblem.Kind) -> [JournalProblem] {
        problems.withLock { $0.filter { $0.kind == kind } }
    }
}

/// A store over `directory` that reports to `log` (or nowhere).
func openStore(_ directory: URL, capacity: Int, log: ProblemLog = ProblemLog()) -> EventQueueStore {
    EventQueueStore(directory: directory, capacity: capacity, problems: log.record)
}

/// An event entry whose bytes are a small event object of ad `adId`.
func eventEntry(_ adId: String, id: String = UUID().uuidString.lowercased(), sessionId: String? = "s") -> QueuedEntry {
    var writer = JSONLineWriter()
    writer.object { object in
        object.member("adId") { $0.string(adId) }
        object.member("eventId") { $0.string(id) }
        object.member("type") { $0.string("impression") }
    }
    return QueuedEntry(id: id, kind: .event, event: EncodedEvent(json: writer.bytes), sessionId: sessionId)
}

/// A pixel entry of `url`.
func pixelEntry(_ url: String, id: String = UUID().uuidString.lowercased(), sessionId: String? = nil) -> QueuedEntry {
    QueuedEntry(id: id, kind: .pixel, url: url, sessionId: sessionId)
}

/// `text` read as a JSON value.
func json(_ text: String) throws -> JSONValue {
    try json(Data(text.utf8))
}

/// `data` read as a JSON value.
func json(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
}
