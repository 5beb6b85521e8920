import KontextVideoJournal
import KontextVideoNetworking

extension EventPipeline {
    /// Tries to deliver everything now, once; returns whether the queue is empty after it. Joins
    /// a delivery pass already running instead of starting a second one. For tests and the test
    /// kit's `flushEvents()`: the app's pipeline delivers on its own loop (`start()`).
    @discardableResult
    package func flush() async -> Bool {
        let delivered = await runPass()
        return delivered && store.count == 0
    }

    /// How many entries were dropped because the queue was full (kept across launches).
    package var droppedCount: Int {
        store.droppedCount
    }

    /// The entries waiting, oldest first, as they are stored.
    package var pendingEntries: [QueuedEntry] {
        store.entries
    }
}
