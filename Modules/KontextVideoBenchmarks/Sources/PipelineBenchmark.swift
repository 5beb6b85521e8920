import Foundation
import KontextVideoModels
import KontextVideoNetworking

/// How much the durable event queue costs per event as it fills: a change is one journal line,
/// and the snapshot is rewritten only when the journal is as long as the queue.
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
        print("== Durable event queue (capacity 1,000; journal lines, snapshot when the journal is as long as the queue) ==")
        var ids: [String] = []
        for band in 0..<4 {
            let start = clock.now
            for index in 0..<250 {
                let event = ServerEvent.ended(
                    reason: .completed, completed: true, adId: "ad-\(band)-\(index)", format: .linear, playhead: 12.5)
                let entry = QueuedEntry(.event(event), sessionId: "session-1")
                ids.append(entry.id)
                _ = store.append(entry)
            }
            let elapsed = clock.now - start
            let size = [EventQueueStore.fileName, EventQueueStore.journalName].reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
            print(String(format: "append with %4d–%4d waiting: %7.3f ms per event, files %6.1f kB",
                         band * 250, band * 250 + 249, elapsed.timeInterval * 1000 / 250, Double(size) / 1024))
        }
        let start = clock.now
        for batch in stride(from: 0, to: ids.count, by: 50) {
            store.remove(ids: Set(ids[batch..<min(ids.count, batch + 50)]))
        }
        print(String(format: "drain 1,000 in batches of 50: %7.3f ms per batch", (clock.now - start).timeInterval * 1000 / 20))
    }
}
