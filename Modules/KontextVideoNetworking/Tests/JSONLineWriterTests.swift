import Foundation
import Testing
@testable import KontextVideoNetworking

@Suite("JSONLineWriter")
struct JSONLineWriterTests {
    private static let strings = [
        "", "plain", #"quote " and backslash \ and slash /"#, "line\nbreak\r\ttab", "\u{0}\u{1}\u{1F}control",
        "émoji 🎬 and 中文", "</script><script>", "\u{2028}\u{2029}",
    ]

    private static let values: [JSONValue] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(-42), .integer(Int.max), .integer(Int.min),
        .number(12.5), .number(2), .number(-0.0), .number(0.1 + 0.2), .number(1e-5), .number(1e300), .number(-3.75e-200),
        .array([.integer(1), .string("a\"b"), .array([]), .object([:])]),
        .object(["z": .string("last"), "a": .object(["nested": .array([.bool(true), .null])])]),
    ] + strings.map(JSONValue.string)

    private func decoded(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    @Test(arguments: values)
    func everyValueReadsBackAsJSONEncoderWouldHaveWrittenIt(value: JSONValue) throws {
        var writer = JSONLineWriter()
        writer.value(value)
        let reference = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder.kontext.encode(value))
        #expect(try decoded(writer.bytes) == reference)
    }

    @Test(arguments: strings)
    func anEntryReadsBackEqualToItself(text: String) throws {
        var event = ServerEvent.reject(.outbid(winningPrice: 2.4, winner: text), adId: text, format: .pause, playhead: 12.25)
        event.data["nested"] = .array([.string(text), .number(0.5), .integer(3)])
        let entries = [
            QueuedEntry(.event(event), id: UUID(), sessionId: text),
            QueuedEntry(.pixel(URL(string: "https://t.example/p?e=start&x=%20")!), id: UUID(), sessionId: nil),
        ]
        for entry in entries {
            var writer = JSONLineWriter()
            entry.write(to: &writer)
            let viaWriter = try JSONDecoder().decode(QueuedEntry.self, from: Data(writer.bytes))
            let viaEncoder = try JSONDecoder().decode(QueuedEntry.self, from: JSONEncoder.kontext.encode(entry))
            #expect(viaWriter == viaEncoder)
            #expect(viaWriter.id == entry.id && viaWriter.event?.adId == entry.event?.adId)
        }
    }

    @Test func objectMembersAreWrittenInTheOrderOfTheirKeys() {
        for (value, expected) in [
            (JSONValue.object([:]), "{}"),
            (.object(["only": .integer(1)]), #"{"only":1}"#),
            (.object(["reason": .string("dismissed"), "completed": .bool(false)]), #"{"completed":false,"reason":"dismissed"}"#),
            (.object(["c": .integer(3), "a": .integer(1), "b": .object(["z": .null, "y": .bool(true)])]), #"{"a":1,"b":{"y":true,"z":null},"c":3}"#),
        ] {
            var writer = JSONLineWriter()
            writer.value(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
    }

    @Test func aJournalLineAddingAnEntryIsWrittenByteForByteInItsKeysOrder() throws {
        let id = try #require(UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001"))
        let when = Date(timeIntervalSince1970: 1_795_968_144.123)
        var entry = QueuedEntry(
            .event(.ended(reason: .dismissed, completed: false, adId: "ad-\"1", format: .pause, playhead: 12.5, at: when)),
            id: id, sessionId: "s-1")
        entry.server = "http://127.0.0.1:8080"
        entry.publisherToken = "acme"
        entry.refusals = 2
        var writer = JSONLineWriter()
        QueueJournalLine(add: entry).write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"add":{"id":"c0ffee00-0000-4000-8000-000000000001","kind":"event","#
            + #""event":{"eventId":"c0ffee00-0000-4000-8000-000000000001","type":"ended","adId":"ad-\"1","format":"pause","#
            + #""timestamp":"2026-11-29T16:02:24.123Z","playhead":12.5,"data":{"completed":false,"reason":"dismissed"}},"#
            + #""sessionId":"s-1","server":"http://127.0.0.1:8080","publisherToken":"acme","refusals":2}}"#)
        let pixel = QueuedEntry(.pixel(URL(string: "https://t.example/p")!), id: id, sessionId: nil)
        writer = JSONLineWriter()
        QueueJournalLine(add: pixel).write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"{"add":{"id":"c0ffee00-0000-4000-8000-000000000001","kind":"pixel","url":"https://t.example/p"}}"#)
        // Any other line goes through the general writer, and reads back.
        writer = JSONLineWriter()
        QueueJournalLine(add: pixel, remove: ["a", "b"], dropped: 3).write(to: &writer)
        let line = try JSONDecoder().decode(QueueJournalLine.self, from: Data(writer.bytes))
        #expect(line.add == pixel && line.remove == ["a", "b"] && line.dropped == 3)
    }

    @Test func nonFiniteNumbersAreWrittenAsZeroNotAsInvalidJSON() throws {
        for number in [Double.nan, .infinity, -.infinity] {
            var writer = JSONLineWriter()
            writer.number(number)
            #expect(try decoded(writer.bytes) == .integer(0))
        }
    }

    @Test func aReusedBufferKeepsItsStorageAndHoldsOnlyTheNewLine() throws {
        var storage: [UInt8] = []
        var first = JSONLineWriter(reusing: &storage)
        first.object { $0.member("a") { $0.string(String(repeating: "x", count: 300)) } }
        storage = first.takeBytes()
        #expect(first.bytes.isEmpty)
        let address = storage.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        var second = JSONLineWriter(reusing: &storage)
        #expect(storage.isEmpty)   // taken over, not shared: writing never copies it
        second.raw(0x0A)
        second.object { $0.member("b") { $0.integer(1) } }
        #expect(second.bytes == Array("\n{\"b\":1}".utf8))
        // The same allocation, written in place.
        #expect(second.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
    }
}
