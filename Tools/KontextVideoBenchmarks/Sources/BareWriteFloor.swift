import Foundation
import KontextVideoJournal
import KontextVideoModels
import KontextVideoNetworking

/// The least any SDK that keeps its events across `kill -9` pays on the calling thread: one
/// `write(2)` of the event's encoded journal line, already encoded, to a file held open with
/// `O_APPEND`. Measured right after each call it is the floor of, so both see the same machine.
final class BareWriteFloor {
    private let file: AppendOnlyFile
    private let directory: URL
    private let line: [UInt8]

    /// A scratch file, and the line an impression queues (the same writer, the same bytes).
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-bench-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = try AppendOnlyFile(url: directory.appendingPathComponent("floor.journal"))
        let entry = QueuedEntry(
            .event(.impression(adId: "ad-00000000-0000-0000-0000-000000000000", format: .pause, playhead: 12.5)),
            id: RandomIdentifiers().next(),
            sessionId: "sandbox-session-00000000",
            destination: EventDestination(serverURL: URL(string: "http://127.0.0.1:8080")!, publisherToken: "acme-dev"), queuedAt: Date())
        var buffer: [UInt8] = []
        var writer = JSONLineWriter(reusing: &buffer)
        writer.object { line in line.member("add") { entry.write(to: &$0) } }
        line = [0x0A] + writer.bytes + [0x0A]
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// How long one `write(2)` of the line took, in seconds.
    func measure() -> Double {
        let start = MonotonicTime.now()
        try? file.append(line)
        return MonotonicTime.now() - start
    }

    /// The line's length, for the report.
    var lineLength: Int { line.count }
}
