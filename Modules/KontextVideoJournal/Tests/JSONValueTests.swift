import Foundation
@testable import KontextVideoJournal
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("round-trips every kind of value; whole numbers stay whole")
    func roundTrip() throws {
        let text = #"{"a": null, "b": true, "c": 405, "d": 2.4, "e": "x", "f": [1, "y", false], "g": {"h": {}}}"#
        let value = try json(text)
        #expect(value == .object([
            "a": .null, "b": .bool(true), "c": .integer(405), "d": .number(2.4), "e": .string("x"),
            "f": .array([.integer(1), .string("y"), .bool(false)]), "g": .object(["h": .object([:])]),
        ]))
        let reencoded = try JSONEncoder().encode(value)
        #expect(try json(reencoded) == value)
        #expect(String(decoding: try JSONEncoder().encode(JSONValue.integer(405)), as: UTF8.self) == "405")
    }
}
