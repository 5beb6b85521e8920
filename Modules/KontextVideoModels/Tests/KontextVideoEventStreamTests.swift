import KontextVideoConcurrency
import Testing
@testable import KontextVideoModels

@Suite("KontextVideoEventStream")
struct KontextVideoEventStreamTests {
    @Test func printsOnlyAtOrAboveTheLogLevel() {
        let printed = LockedState<[String]>([])
        let stream = KontextVideoEventStream(logLevel: .warning) { line in printed.withLock { $0.append(line) } }
        stream.record(KontextVideoEvent(.warning, "label dropped", level: .warning))
        stream.record(KontextVideoEvent(.request, "POST /init", level: .debug))
        #expect(printed.snapshot == ["[KontextVideo] [warning] label dropped"])
        stream.logLevel = .none
        stream.record(KontextVideoEvent(.error, "boom", level: .error))
        #expect(printed.snapshot.count == 1)
    }

    @Test func subscribersReceiveEveryEventInOrder() async {
        let stream = KontextVideoEventStream(logLevel: .none)
        let events = stream.events()
        stream.record(KontextVideoEvent(.state, "a"))
        stream.record(KontextVideoEvent(.state, "b", attributes: ["k": "v"]))
        var names: [String] = []
        for await event in events {
            names.append(event.description)
            if names.count == 2 { break }
        }
        #expect(names == ["[state] a", "[state] b k=v"])
    }
}
