import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoTestSupport
import Testing

/// One code path writes an event's JSON: `WireEvent.encoded`, when the event is queued. The
/// journal keeps those bytes, the batch body splices them in, and a queue written by an earlier
/// version (its events' members in another order, its snapshot written by `JSONEncoder`) reads
/// back as the bytes this version writes.
@Suite("One serializer: what is stored is what is sent")
struct OneSerializerTests {
    let when = Date(timeIntervalSince1970: 1_795_968_144.123) // 2026-11-29T16:02:24.123Z
    let eventId = UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!

    private static let strings = [
        "", "plain", #"quote " and backslash \ and slash /"#, "line\nbreak\r\ttab", "\u{0}\u{1}\u{1F}control",
        "émoji 🎬 and 中文", "</script><script>", "\u{2028}\u{2029}",
    ]

    func event(_ text: String = "ad-\"1") -> ServerEvent {
        var event = ServerEvent.reject(.outbid(winningPrice: 2.4, winner: text), adId: text, format: .pause, playhead: 12.25, at: when)
        event.data["nested"] = .array([.string(text), .number(0.5), .integer(3), .number(2)])
        return event
    }

    @Test("a journal line holds the event's bytes, byte for byte, its keys sorted")
    func journalLine() throws {
        var entry = QueuedEntry(
            .event(.ended(reason: .dismissed, completed: false, adId: "ad-\"1", format: .pause, playhead: 12.5, at: when)),
            id: eventId, sessionId: "s-1", destination: EventDestination(serverURL: URL(string: "http://127.0.0.1:8080")!, publisherToken: "acme"), queuedAt: Date())
        entry.refusals = 2
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        EventQueueStore(directory: directory.url, capacity: 10, events: RecordingEventMonitor()).append(entry)
        let journal = try Data(contentsOf: directory.url.appendingPathComponent(EventQueueStore.journalName))
        #expect(String(decoding: journal, as: UTF8.self) == "\n"
            + #"{"add":{"id":"c0ffee00-0000-4000-8000-000000000001","kind":"event","#
            + #""event":{"adId":"ad-\"1","data":{"completed":false,"reason":"dismissed"},"eventId":"c0ffee00-0000-4000-8000-000000000001","#
            + #""format":"pause","playhead":12.5,"timestamp":"2026-11-29T16:02:24.123Z","type":"ended"},"#
            + #""sessionId":"s-1","server":"http://127.0.0.1:8080","publisherToken":"acme","refusals":2}}"# + "\n")
    }

    @Test("an event's bytes are what the general writer writes for the same value: reading them back changes nothing", arguments: strings)
    func canonical(text: String) throws {
        let bytes = WireEvent(event(text), eventId: eventId, queuedAt: Date()).encoded.json
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        var storage: [UInt8] = []
        var writer = JSONLineWriter(reusing: &storage)
        writer.value(value)
        #expect(writer.bytes == bytes)
        #expect(try JSONDecoder().decode(EncodedEvent.self, from: Data(bytes)).json == bytes)
    }

    @Test("the batch body splices each event's stored bytes, and reads as JSONEncoder's body did", arguments: strings)
    func batchBody(text: String) throws {
        let entries = [event(text), .impression(adId: "b", format: .overlay, playhead: 3, at: when)].enumerated().map { index, event in
            QueuedEntry(.event(event), id: UUID(uuidString: "C0FFEE00-0000-4000-8000-00000000000\(index)")!, sessionId: "s", queuedAt: Date())
        }
        let body = EventBatchBody(environment: testEnvironment(), installId: "i-1", sessionId: text, events: entries.compactMap(\.event))
        let bytes = try [UInt8](body.json())
        for entry in entries {
            let stored = try #require(entry.event?.json)
            #expect(bytes.firstRange(of: stored) != nil, "the stored bytes are in the body as they are")
        }
        // The body `JSONEncoder` wrote before: the same members, the events as `WireEvent`s.
        struct EncoderBody: Encodable {
            var publisherToken: String
            var installId: String?
            var sessionId: String?
            var sdk: WireSDK
            var events: [JSONValue]
        }
        let reference = EncoderBody(
            publisherToken: "acme-dev", installId: "i-1", sessionId: text, sdk: WireSDK(testEnvironment()),
            events: try entries.map { try JSONDecoder().decode(JSONValue.self, from: Data($0.event?.json ?? [])) })
        #expect(try json(Data(bytes)) == encoded(reference))
        // Without an install id (consent), the member is left out, as `JSONEncoder` left it out.
        let anonymous = EventBatchBody(environment: testEnvironment(), installId: nil, sessionId: nil, events: [])
        #expect(String(decoding: try anonymous.json(), as: UTF8.self).hasPrefix(#"{"events":[],"publisherToken":"acme-dev","sdk":{"#))
    }

    @Test("a queue written by the last release (events in its member order, a JSONEncoder snapshot) reads back as this version writes it")
    func lastReleasesQueue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let expected = WireEvent(event(), eventId: eventId, queuedAt: Date()).encoded
        // 0.3's snapshot: `JSONEncoder.kontext` (keys sorted) over the entry and its `WireEvent`.
        let snapshot = #"{"droppedCount":1,"entries":[{"event":{"adId":"ad-\"1","data":{"nested":["ad-\"1",0.5,3,2],"reason":"outbid","#
            + #""winner":"ad-\"1","winningPrice":2.4},"eventId":"c0ffee00-0000-4000-8000-000000000001","format":"pause","playhead":12.25,"#
            + #""timestamp":"2026-11-29T16:02:24.123Z","type":"reject"},"id":"c0ffee00-0000-4000-8000-000000000001","kind":"event","#
            + #""publisherToken":"acme","server":"http://127.0.0.1:8080","sessionId":"s"}],"version":1}"#
        // 0.3's journal line: `JSONLineWriter`, the event's members in `WireEvent`'s declaration order.
        let journal = #"{"add":{"id":"c0ffee00-0000-4000-8000-000000000002","kind":"event","event":{"eventId":"c0ffee00-0000-4000-8000-000000000002","#
            + #""type":"reject","adId":"ad-\"1","format":"pause","timestamp":"2026-11-29T16:02:24.123Z","playhead":12.25,"#
            + #""data":{"reason":"outbid","winningPrice":2.4,"winner":"ad-\"1","nested":["ad-\"1",0.5,3,2]}},"sessionId":"s"}}"#
        try Data(snapshot.utf8).write(to: directory.url.appendingPathComponent(EventQueueStore.fileName))
        try Data((journal + "\n").utf8).write(to: directory.url.appendingPathComponent(EventQueueStore.journalName))
        let log = RecordingEventMonitor()
        let store = EventQueueStore(directory: directory.url, capacity: 10, events: log)
        #expect(log.events.isEmpty)
        #expect(store.droppedCount == 1)
        #expect(store.entries.map(\.id) == ["c0ffee00-0000-4000-8000-000000000001", "c0ffee00-0000-4000-8000-000000000002"])
        #expect(store.entries.first?.event == expected)
        let second = WireEvent(event(), eventId: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000002")!, queuedAt: Date()).encoded
        #expect(store.entries.last?.event == second)
        #expect(store.entries.first?.server == "http://127.0.0.1:8080" && store.entries.first?.publisherToken == "acme")
        // Opening folded them into this version's snapshot; it reads back the same.
        #expect(EventQueueStore.stored(in: directory.url)?.entries == store.entries)
    }

    @Test("an entry whose event is not the protocol's (a planted queue) is dropped and reported when the queue opens, not sent")
    func plantedEvent() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = QueuedEntry(.event(event()), id: eventId, sessionId: "s", queuedAt: when)
        var goodLine: [UInt8] = []
        var writer = JSONLineWriter(reusing: &goodLine)
        writer.raw(#"{"add":"#)
        good.write(to: &writer)
        writer.raw(0x7D)
        let planted = #"{"add":{"id":"planted","kind":"event","event":{"adId":7}}}"#
        try Data((planted + "\n" + String(decoding: writer.bytes, as: UTF8.self) + "\n").utf8)
            .write(to: directory.url.appendingPathComponent(EventQueueStore.journalName))
        let log = RecordingEventMonitor()
        let pipeline = EventPipeline(
            directory: directory.url, transport: ScriptedTransport([]), clock: TestClock(), environment: testEnvironment(),
            installId: { nil }, events: log)
        #expect(pipeline.store.entries.map(\.id) == [good.id])
        #expect(log.events(.beacon, named: .dropped).map { $0.attributes["id"] } == ["planted"])
        await pipeline.stop()
    }
}
