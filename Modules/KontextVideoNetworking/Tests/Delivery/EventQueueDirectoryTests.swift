import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoTestSupport
@testable import KontextVideoJournal
@testable import KontextVideoNetworking
import Testing

@Suite("EventQueueDirectory: one live process per queue, dead ones adopted")
struct EventQueueDirectoryTests {
    private func entry(_ n: Int) -> QueuedEntry {
        QueuedEntry(.event(.impression(adId: "ad-\(n)", format: .overlay)), id: UUID(), sessionId: "s", queuedAt: Date())
    }

    @Test func aSecondClaimantGetsASiblingAndTheFirstIsFreedOnRelease() throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let base = storage.url.appendingPathComponent("events", isDirectory: true)
        let first = try #require(EventQueueDirectory.claim(base: base))
        let second = try #require(EventQueueDirectory.claim(base: base))
        #expect(first.directory.lastPathComponent == "events")
        #expect(second.directory.lastPathComponent == "events-2")
        #expect(DirectoryLock(directory: base) == nil, "held by the first claimant")
        first.release()
        #expect(try #require(EventQueueDirectory.claim(base: base)).directory.lastPathComponent == "events")
        withExtendedLifetime(second) {}
    }

    @Test func aQueueLeftByADeadProcessIsAdoptedOnceAndItsDirectoryRemoved() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let base = storage.url.appendingPathComponent("events", isDirectory: true)
        // A live process owns `events`; a second one queues into `events-2`, then dies.
        let live = try #require(EventQueueDirectory.claim(base: base))
        let dying = try #require(EventQueueDirectory.claim(base: base))
        let left = (0..<3).map(entry)
        let store = EventQueueStore(directory: dying.directory, capacity: 10, events: RecordingEventMonitor())
        for entry in left { store.append(entry) }
        dying.release()   // what the kernel does when a process is killed
        live.release()

        let pipeline = EventPipeline(
            directory: base, transport: NoTransport(), clock: TestClock(), environment: testEnvironment(),
            installId: { testInstallId }, events: RecordingEventMonitor())
        #expect(pipeline.directory.lastPathComponent == "events")
        #expect(await pipeline.pendingEntries.map(\.id) == left.map(\.id))
        #expect(!FileManager.default.fileExists(atPath: dying.directory.path), "adopted and removed")
        await pipeline.stop()
        // Written down in the adopter's own queue: the next launch still has them, once.
        #expect(EventQueueStore.stored(in: base)?.entries.map(\.id) == left.map(\.id))
    }

    @Test func aLiveProcessesQueueIsNeverAdopted() async throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let base = storage.url.appendingPathComponent("events", isDirectory: true)
        let first = EventPipeline(
            directory: base, transport: NoTransport(), clock: TestClock(), environment: testEnvironment(),
            installId: { testInstallId }, events: RecordingEventMonitor())
        first.submit(.event(.impression(adId: "mine", format: .overlay)))
        let second = EventPipeline(
            directory: base, transport: NoTransport(), clock: TestClock(), environment: testEnvironment(),
            installId: { testInstallId }, events: RecordingEventMonitor())
        #expect(second.directory.lastPathComponent == "events-2")
        #expect(await second.pendingCount == 0)
        #expect(await first.pendingCount == 1)
        await first.stop()
        await second.stop()
    }

    @Test("a lock file removed (with its directory) after it was opened is no claim")
    func aRemovedLockFileIsNoClaim() throws {
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let directory = storage.url.appendingPathComponent("events", isDirectory: true)
        let lock = try #require(DirectoryLock(directory: directory))
        let lockFile = directory.appendingPathComponent(".lock")
        let handle = try FileHandle(forReadingFrom: lockFile)
        defer { try? handle.close() }
        #expect(DirectoryLock.isStill(handle.fileDescriptor, at: lockFile))
        // What an adopter does: the directory goes while claimed, and a new one may appear.
        try FileManager.default.removeItem(at: directory)
        lock.release()
        #expect(!DirectoryLock.isStill(handle.fileDescriptor, at: lockFile))
        let again = try #require(DirectoryLock(directory: directory))
        #expect(!DirectoryLock.isStill(handle.fileDescriptor, at: lockFile), "another file now")
        #expect(DirectoryLock(directory: directory) == nil, "the new claim holds")
        again.release()
    }

    /// A transport that must never be reached in these tests.
    private struct NoTransport: HTTPTransport {
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            Issue.record("no request was planned: \(request.url?.absoluteString ?? "?")")
            throw URLError(.notConnectedToInternet)
        }
    }
}
