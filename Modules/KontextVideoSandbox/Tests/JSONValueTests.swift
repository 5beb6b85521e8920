import Foundation
import Testing
@testable import KontextVideoSandbox

@Suite("JSONValue")
struct JSONValueTests {
    @Test func keepsBooleansAndNumbersApart() throws {
        let value = try #require(JSONValue(data: Data(#"{"t": true, "one": 1, "zero": 0, "f": false, "x": 2.5, "n": null}"#.utf8)))
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["one"] == .number(1))
        #expect(value["zero"] == .number(0))
        #expect(value["x"]?.doubleValue == 2.5)
        #expect(value["n"]?.isNull == true)
        #expect(value["one"]?.boolValue == nil)
        #expect(value["t"]?.intValue == nil)
    }

    @Test func writesSortedCompactJSON() {
        let value: JSONValue = ["b": [1, 2.5, "x/y", true, nil], "a": ["nested": 15]]
        #expect(value.description == #"{"a":{"nested":15},"b":[1,2.5,"x/y",true,null]}"#)
        #expect(JSONValue(data: value.data) == value)
    }

    @Test func readsFragmentsAndRejectsNonJSON() {
        #expect(JSONValue(data: Data("\"text\"".utf8)) == "text")
        #expect(JSONValue(data: Data("{\"a\": ".utf8)) == nil)
        #expect(JSONValue(data: Data()) == nil)
    }

    @Test func subscriptsAreSafe() {
        let value: JSONValue = ["list": [1, 2]]
        #expect(value["list"]?[1] == 2)
        #expect(value["list"]?[5] == nil)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.string("x")["key"] == nil)
    }
}
