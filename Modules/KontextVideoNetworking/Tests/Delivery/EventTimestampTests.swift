import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoTestSupport
import Testing

/// One wall clock on an event's road: an event made without a timestamp (every event the facade
/// makes) is stamped by the pipeline's injected `wallClock` as it is queued.
@Suite("Event timestamps: the pipeline's wall clock")
struct EventTimestampTests {
    @Test("an event without a timestamp gets the wall clock's time as it is queued; one with a timestamp keeps it")
    func stampedWhenQueued() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let queuedAt = Date(timeIntervalSince1970: 1_795_968_144.123) // 2026-11-29T16:02:24.123Z
        let pipeline = EventPipeline(
            directory: directory.url, transport: ScriptedTransport([]), clock: TestClock(), environment: testEnvironment(),
            installId: { nil }, events: RecordingEventMonitor(), wallClock: { queuedAt })
        #expect(ServerEvent.impression(adId: "a", format: .overlay).timestamp == nil)
        pipeline.submit(.event(.impression(adId: "a", format: .overlay)))
        pipeline.submit(.event(.click(area: .creative, adId: "b", format: .overlay, at: Date(timeIntervalSince1970: 0))))
        let stamps = pipeline.store.entries.map { $0.wireEvent?.timestamp }
        #expect(stamps == ["2026-11-29T16:02:24.123Z", "1970-01-01T00:00:00.000Z"])
        await pipeline.stop()
    }
}
