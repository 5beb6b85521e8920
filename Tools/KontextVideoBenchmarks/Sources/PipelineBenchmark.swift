import Foundation
import KontextVideoJournal
import KontextVideoModels
import KontextVideoNetworking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much the durable event queue costs per event as it fills: a change is one journal line,
/// and the snapshot is rewritten only when the journal is as long as the queue. Each figure is
/// printed beside its floor, measured in the same run right after it: one raw `write(2)` of the
/// same journal line to a file held open with `O_APPEND`, the least a durable append can cost.
enum PipelineBenchmark {
    /// Never prints: the benchmark measures the disk, not the console.
    private struct Silent: KontextVideoEventMonitor {
        func record(_ event: KontextVideoEvent) {}
    }

    static func run() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = EventQueueStore(directory: directory, capacity: 1000, events: Silent())
        let clock = ContinuousClock()
        let lines = journalLines(in: directory.appendingPathComponent("lines"))
        let floorFile = RawAppendFile(path: directory.appendingPathComponent("floor").path)
        print("== Durable event queue (capacity 1,000; journal lines, snapshot when the journal is as long as the queue) ==")
        print("   floor: one raw write(2) of the same journal line (\(lines.add.count) bytes an event, \(lines.remove.count) a batch)"
              + " to a file held open with O_APPEND, measured right after each row")
        // The app's ids, drawn per entry as the pipeline draws them.
        let identifiers = RandomIdentifiers()
        var ids: [String] = []
        for band in 0..<4 {
            let start = clock.now
            for index in 0..<250 {
                let entry = QueuedEntry(
                    .event(event(band: band, index: index)), id: identifiers.next(), sessionId: "session-1", destination: destination, queuedAt: Date())
                ids.append(entry.id)
                _ = store.append(entry)
            }
            let perEvent = (clock.now - start).seconds / 250
            let floor = floorFile.measure(lines.add, times: 250, clock: clock)
            let size = [EventQueueStore.fileName, EventQueueStore.journalName].reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
            print(String(format: "append with %4d–%4d waiting: %7.3f ms per event, files %6.1f kB; floor %7.4f ms; ratio %5.1f",
                         band * 250, band * 250 + 249, perEvent * 1000, Double(size) / 1024, floor * 1000, perEvent / floor))
        }
        let start = clock.now
        for batch in stride(from: 0, to: ids.count, by: 50) {
            store.remove(ids: Set(ids[batch..<min(ids.count, batch + 50)]))
        }
        let perBatch = (clock.now - start).seconds / 20
        let floor = floorFile.measure(lines.remove, times: 20, clock: clock)
        print(String(format: "drain 1,000 in batches of 50: %7.3f ms per batch; floor %7.4f ms; ratio %5.1f",
                     perBatch * 1000, floor * 1000, perBatch / floor))
        print("   ratio: the queue's cost over the floor's (1.0 would be a bare write; the rest is encoding, the lock and folds)")
    }

    /// Where the benchmark's entries go: every entry records its server and token, as the
    /// pipeline writes them.
    private static let destination = EventDestination(serverURL: URL(string: "https://ads.kontext.so")!, publisherToken: "acme-dev")

    /// The benchmark's event number `index` of `band`.
    private static func event(band: Int, index: Int) -> ServerEvent {
        .ended(reason: .completed, completed: true, adId: "ad-\(band)-\(index)", format: .linear, playhead: 12.5)
    }

    /// The journal lines the queue writes for one added event and for one removal of 50, taken
    /// from a store of their own in `directory`: the floor writes exactly these bytes.
    private static func journalLines(in directory: URL) -> (add: [UInt8], remove: [UInt8]) {
        let store = EventQueueStore(directory: directory, capacity: 1000, events: Silent())
        let journal = directory.appendingPathComponent(EventQueueStore.journalName)
        let identifiers = RandomIdentifiers()
        let first = QueuedEntry(.event(event(band: 1, index: 100)), id: identifiers.next(), sessionId: "session-1", destination: destination, queuedAt: Date())
        store.append(first)
        let add = (try? Data(contentsOf: journal)).map { [UInt8]($0) } ?? []
        var batch = [first.id]
        for index in 101..<150 {
            let entry = QueuedEntry(.event(event(band: 1, index: index)), id: identifiers.next(), sessionId: "session-1", destination: destination, queuedAt: Date())
            store.append(entry)
            batch.append(entry.id)
        }
        let before = (try? Data(contentsOf: journal))?.count ?? 0
        store.remove(ids: Set(batch))
        let remove = (try? Data(contentsOf: journal)).map { [UInt8]($0.dropFirst(before)) } ?? []
        return (add.isEmpty ? [UInt8](repeating: 0x20, count: 300) : add, remove.isEmpty ? [UInt8](repeating: 0x20, count: 2100) : remove)
    }
}

/// A file opened once with `O_APPEND`, written with bare `write(2)` calls: the floor.
private final class RawAppendFile {
    private let descriptor: Int32

    init(path: String) {
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    }

    deinit {
        close(descriptor)
    }

    /// Seconds per write of `bytes`, over `times` writes.
    func measure(_ bytes: [UInt8], times: Int, clock: ContinuousClock) -> Double {
        let start = clock.now
        for _ in 0..<times {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        return (clock.now - start).seconds / Double(times)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
