import KontextVideoConcurrency
import Testing
@testable import KontextVideoModels

/// A monitor kept by identity, so it can be removed.
private final class Collecting: KontextVideoEventMonitor, Sendable {
    let events = LockedState<[KontextVideoEvent]>([])
    func record(_ event: KontextVideoEvent) { events.withLock { $0.append(event) } }
}

@Suite("Event monitors: attributed, and removed")
struct EventMonitorPlumbingTests {
    @Test func anAttributedMonitorAddsItsAttributesAndKeepsTheEventsOwn() {
        let collecting = Collecting()
        let monitor = AttributedEventMonitor(collecting, adding: ["adId": "ad-1", "depth": "9"])
        monitor.record(KontextVideoEvent(.vastHop, .vastWrapper, attributes: ["depth": "1", "url": "https://ads.example/w"]))
        #expect(collecting.events.snapshot.map(\.attributes) == [["adId": "ad-1", "depth": "1", "url": "https://ads.example/w"]])
    }

    @Test func aRemovedMonitorHearsNothingMoreAndNoLongerMakesEventsHeard() {
        let stream = KontextVideoEventStream(logLevel: .none)
        let collecting = Collecting()
        stream.add(collecting)
        #expect(stream.isHeard(at: .debug))
        stream.record(KontextVideoEvent(.state, .load))
        stream.remove(collecting)
        stream.record(KontextVideoEvent(.state, .loaded))
        #expect(collecting.events.snapshot.map(\.name) == ["load"])
        #expect(!stream.isHeard(at: .debug))
    }
}
