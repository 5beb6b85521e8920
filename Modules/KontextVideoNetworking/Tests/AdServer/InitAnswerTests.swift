import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

@Suite("POST /init answer")
struct InitAnswerTests {
    @Test("enabled, with a session")
    func enabled() throws {
        let answer = try InitAnswer.decode(Data(#"{"enabled": true, "sessionId": "s-1", "newField": {"x": 1}}"#.utf8))
        #expect(answer.state == .enabled)
        #expect(answer.sessionId == "s-1")
    }

    @Test("the tracking host, as announced; absent when not sent; a non-string is a decoding error")
    func trackingUrl() throws {
        #expect(try InitAnswer.decode(Data(#"{"trackingUrl": "https://tracking.megabrain.co"}"#.utf8)).trackingUrl
            == "https://tracking.megabrain.co")
        #expect(try InitAnswer.decode(Data("{}".utf8)).trackingUrl == nil)
        #expect(throws: (any Error).self) { try InitAnswer.decode(Data(#"{"trackingUrl": 7}"#.utf8)) }
    }

    @Test("disabled, with and without a reason")
    func disabled() throws {
        #expect(try InitAnswer.decode(Data(#"{"enabled": false, "disabledReason": "publisher_suspended"}"#.utf8)).state
            == .disabled(reason: "publisher_suspended"))
        #expect(try InitAnswer.decode(Data(#"{"enabled": false}"#.utf8)).state == .disabled(reason: nil))
    }

    @Test("missing fields take their defaults: an empty object or body is enabled", arguments: ["{}", "", "  \n"])
    func defaults(body: String) throws {
        let answer = try InitAnswer.decode(Data(body.utf8))
        #expect(answer.state == .enabled)
        #expect(answer.sessionId == nil)
    }

    @Test("a field of the wrong type, or not JSON, is a decoding error", arguments: [
        #"{"enabled": "yes"}"#, #"{"enabled": false, "disabledReason": 7}"#, "[]", "{", "<html>",
    ])
    func wrongTypes(body: String) {
        #expect(throws: DecodingError.self) { try InitAnswer.decode(Data(body.utf8)) }
    }
}
