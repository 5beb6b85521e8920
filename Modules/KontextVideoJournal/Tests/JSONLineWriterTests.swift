import Foundation
import Testing
@testable import KontextVideoJournal

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

    /// How the SDK's `JSONEncoder` writes (Networking's `JSONEncoder.kontext`).
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private func decoded(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    @Test(arguments: values)
    func everyValueReadsBackAsJSONEncoderWouldHaveWrittenIt(value: JSONValue) throws {
        var writer = JSONLineWriter()
        writer.value(value)
        let reference = try JSONDecoder().decode(JSONValue.self, from: Self.encoder.encode(value))
        #expect(try decoded(writer.bytes) == reference)
    }

    @Test(arguments: strings)
    func anEntryReadsBackEqualToItself(text: String) throws {
        var event = eventEntry(text, sessionId: text)
        event.server = text
        event.refusals = 2
        for entry in [event, pixelEntry("https://t.example/p?e=start&x=%20", sessionId: nil)] {
            var writer = JSONLineWriter()
            entry.write(to: &writer)
            #expect(try JSONDecoder().decode(QueuedEntry.self, from: Data(writer.bytes)) == entry)
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
        let id = "c0ffee00-0000-4000-8000-000000000001"
        var writer = JSONLineWriter()
        var event = QueuedEntry(id: id, kind: .event, event: EncodedEvent(json: Array(#"{"adId":"ad-\"1","type":"x"}"#.utf8)), sessionId: "s-1")
        event.server = "http://127.0.0.1:8080"
        event.publisherToken = "acme"
        event.refusals = 2
        QueueJournalLine(add: event).write(to: &writer)
        // The event's bytes go in as they are.
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"add":{"id":"c0ffee00-0000-4000-8000-000000000001","kind":"event","#
            + #""event":{"adId":"ad-\"1","type":"x"},"#
            + #""sessionId":"s-1","server":"http://127.0.0.1:8080","publisherToken":"acme","refusals":2}}"#)
        let pixel = pixelEntry("https://t.example/p", id: id)
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
