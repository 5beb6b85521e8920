import Foundation
import Testing
import KontextVideoVAST
import KontextVideoModels
@testable import KontextVideoCreatives
import KontextVideoTestSupport

/// The decoder of the bridge's message bodies: every type, every member rule, every way a body
/// is dropped, and no input that traps.
@Suite("Creative message decoder")
struct CreativeMessageDecoderTests {
    /// One body and what it decodes to.
    struct Row: Sendable, CustomTestStringConvertible {
        let body: String
        let expected: Result<CreativeMessage, CreativeMessageDrop>
        var testDescription: String { body.count > 80 ? String(body.prefix(77)) + "…" : body }

        init(_ body: String, _ message: CreativeMessage) {
            self.body = body
            self.expected = .success(message)
        }

        init(_ body: String, dropped reason: CreativeMessageDrop) {
            self.body = body
            self.expected = .failure(reason)
        }
    }

    static let cta = URL(string: "https://advertiser.example/offer?x=1")!

    static let rows: [Row] = [
        // Every type of the page, with and without data.
        Row(#"{"type":"init-iframe","data":{"version":1}}"#, .hello),
        Row(#"{"type":"init-iframe"}"#, .hello),
        Row(#"{"type":"load-iframe"}"#, .pageLoaded),
        Row(#"{"type":"ready-iframe"}"#, .ready),
        Row(#"{"type":"ready-iframe","data":null}"#, .ready),
        Row(#"{"type":"click-iframe","data":{},"tap":1}"#, .click(area: .creative, url: nil, tap: 1)),
        Row(#"{"type":"click-iframe"}"#, .click(area: .creative, url: nil, tap: nil)),
        Row(#"{"type":"click-iframe","data":{"area":"cta"},"tap":2}"#, .click(area: .other("cta"), url: nil, tap: 2)),
        Row(#"{"type":"click-iframe","data":{"area":"creative"},"tap":3}"#, .click(area: .creative, url: nil, tap: 3)),
        Row(#"{"type":"click-iframe","data":{"area":"end_card"},"tap":3}"#, .click(area: .creative, url: nil, tap: 3)),
        Row(#"{"type":"click-iframe","data":{"area":"endCard"},"tap":3}"#, .click(area: .creative, url: nil, tap: 3)),
        Row(#"{"type":"click-iframe","data":{"area":"ÉTÉ ☀️ offre"},"tap":1}"#, .click(area: .other("ÉTÉ ☀️ offre"), url: nil, tap: 1)),
        Row(#"{"type":"click-iframe","data":{"area":"cta","url":"https://advertiser.example/offer?x=1"},"tap":4}"#,
            .click(area: .other("cta"), url: cta, tap: 4)),
        Row(#"{"type":"click-iframe","data":{"area":null,"url":null},"tap":4}"#, .click(area: .creative, url: nil, tap: 4)),
        Row(#"{"type":"close-iframe","tap":5}"#, .close(tap: 5)),
        Row(#"{"type":"close-iframe"}"#, .close(tap: nil)),
        Row(#"{"type":"resume-iframe","tap":6}"#, .resume(tap: 6)),
        Row(#"{"type":"error-iframe","data":{"code":403}}"#, .error(code: VASTErrorCode(creativeCode: 403))),
        Row(#"{"type":"error-iframe","data":{"code":100}}"#, .error(code: .xmlParsing)),
        Row(#"{"type":"error-iframe","data":{"code":999}}"#, .error(code: VASTErrorCode(creativeCode: 999))),
        // An error without a usable code is still an error; the rules report 405.
        Row(#"{"type":"error-iframe"}"#, .error(code: nil)),
        Row(#"{"type":"error-iframe","data":{"code":"403"}}"#, .error(code: nil)),
        Row(#"{"type":"error-iframe","data":{"code":403.5}}"#, .error(code: nil)),
        Row(#"{"type":"error-iframe","data":{"code":99}}"#, .error(code: nil)),
        Row(#"{"type":"error-iframe","data":{"code":1000}}"#, .error(code: nil)),
        Row(#"{"type":"resize-iframe","data":{"width":300,"height":50}}"#, .resize(width: 300, height: 50)),
        Row(#"{"type":"resize-iframe","data":{"width":299.5,"height":49.25}}"#, .resize(width: 299.5, height: 49.25)),
        // Unknown members are ignored; unknown types are read as unknown.
        Row(#"{"type":"ready-iframe","extra":{"a":[1,2]},"data":{"later":true}}"#, .ready),
        Row(#"{"type":"expand-iframe","data":{"to":"full"}}"#, .unknown(type: "expand-iframe")),
        Row(#"{"type":"ready"}"#, .unknown(type: "ready")),
        Row(#"{"type":""}"#, .unknown(type: "")),
        // The SDK's own messages never come from the page: unknown there.
        Row(#"{"type":"shown-iframe"}"#, .unknown(type: "shown-iframe")),
        Row(#"{"type":"context-iframe","data":{}}"#, .unknown(type: "context-iframe")),

        // Malformed: not a JSON object, no string type, data or tap of the wrong kind.
        Row("", dropped: .malformed("not a JSON object")),
        Row("ready-iframe", dropped: .malformed("not a JSON object")),
        Row(#"["ready-iframe"]"#, dropped: .malformed("not a JSON object")),
        Row(#""ready-iframe""#, dropped: .malformed("not a JSON object")),
        Row(#"{"type":"ready-iframe""#, dropped: .malformed("not a JSON object")),
        Row("\u{FF}\u{FE}{}", dropped: .malformed("not a JSON object")),
        Row(#"{}"#, dropped: .malformed("no string type")),
        Row(#"{"type":7}"#, dropped: .malformed("no string type")),
        Row(#"{"type":null}"#, dropped: .malformed("no string type")),
        Row(#"{"type":"ready-iframe","data":[1]}"#, dropped: .malformed("data is not an object")),
        Row(#"{"type":"ready-iframe","data":"x"}"#, dropped: .malformed("data is not an object")),
        Row(#"{"type":"click-iframe","tap":0}"#, dropped: .malformed("tap is not a positive integer")),
        Row(#"{"type":"click-iframe","tap":-1}"#, dropped: .malformed("tap is not a positive integer")),
        Row(#"{"type":"click-iframe","tap":"1"}"#, dropped: .malformed("tap is not a positive integer")),
        Row(#"{"type":"click-iframe","tap":1.5}"#, dropped: .malformed("tap is not a positive integer")),
        // A click's members break their rules.
        Row(#"{"type":"click-iframe","data":{"area":""},"tap":1}"#, dropped: .malformed("click area is not a label")),
        Row(#"{"type":"click-iframe","data":{"area":7},"tap":1}"#, dropped: .malformed("click area is not a label")),
        Row(#"{"type":"click-iframe","data":{"area":"a\nb"},"tap":1}"#, dropped: .malformed("click area is not a label")),
        Row(#"{"type":"click-iframe","data":{"area":"\#(String(repeating: "x", count: 65))"},"tap":1}"#,
            dropped: .malformed("click area is not a label")),
        Row(#"{"type":"click-iframe","data":{"url":"javascript:alert(1)"},"tap":1}"#, dropped: .malformed("click url is not an http(s) URL")),
        Row(#"{"type":"click-iframe","data":{"url":"tel:123"},"tap":1}"#, dropped: .malformed("click url is not an http(s) URL")),
        Row(#"{"type":"click-iframe","data":{"url":"/relative/path"},"tap":1}"#, dropped: .malformed("click url is not an http(s) URL")),
        Row(#"{"type":"click-iframe","data":{"url":"https://"},"tap":1}"#, dropped: .malformed("click url is not an http(s) URL")),
        Row(#"{"type":"click-iframe","data":{"url":42},"tap":1}"#, dropped: .malformed("click url is not an http(s) URL")),
        Row(#"{"type":"click-iframe","data":{"url":"https://a.example/\#(String(repeating: "p", count: 2048))"},"tap":1}"#,
            dropped: .malformed("click url is not an http(s) URL")),
        // A size that is no size.
        Row(#"{"type":"resize-iframe","data":{"width":300}}"#, dropped: .malformed("resize needs width and height above 0 and at most 10000")),
        Row(#"{"type":"resize-iframe","data":{"width":0,"height":50}}"#, dropped: .malformed("resize needs width and height above 0 and at most 10000")),
        Row(#"{"type":"resize-iframe","data":{"width":-3,"height":50}}"#, dropped: .malformed("resize needs width and height above 0 and at most 10000")),
        Row(#"{"type":"resize-iframe","data":{"width":"300","height":50}}"#, dropped: .malformed("resize needs width and height above 0 and at most 10000")),
        Row(#"{"type":"resize-iframe","data":{"width":1e400,"height":50}}"#, dropped: .malformed("not a JSON object")),
        Row(#"{"type":"resize-iframe","data":{"width":10001,"height":50}}"#, dropped: .malformed("resize needs width and height above 0 and at most 10000")),
        // Nesting deeper than 8 is refused before the decoder sees it, even inside an ignored member.
        Row(#"{"type":"ready-iframe","x":[[[[[[[[1]]]]]]]]}"#, dropped: .malformed("nested deeper than 8")),
        Row(#"{"type":"ready-iframe","x":"[[[[[[[[[[[[[[[[[[["}"#, .ready),
    ]

    @Test("each body decodes to its message, or is dropped with its reason", arguments: rows)
    func decodes(_ row: Row) {
        #expect(CreativeMessageDecoder.decode(Data(row.body.utf8)) == row.expected)
    }

    @Test("a body longer than 8 KiB is dropped as oversized, unread; 8 KiB exactly is read")
    func oversized() {
        let padding = String(repeating: " ", count: CreativeMessageDecoder.maximumBytes - #"{"type":"ready-iframe"}"#.utf8.count)
        let atTheLimit = Data((#"{"type":"ready-iframe"}"# + padding).utf8)
        #expect(atTheLimit.count == 8192)
        #expect(CreativeMessageDecoder.decode(atTheLimit) == .success(.ready))
        let over = atTheLimit + Data(" ".utf8)
        #expect(CreativeMessageDecoder.decode(over) == .failure(.oversized(bytes: 8193)))
        let huge = Data(repeating: UInt8(ascii: "["), count: 5_000_000)
        #expect(CreativeMessageDecoder.decode(huge) == .failure(.oversized(bytes: 5_000_000)))
    }

    @Test("thousands of brackets within the size limit are refused by depth, without recursion")
    func deepNesting() {
        let deep = Data((String(repeating: "[", count: 8000)).utf8)
        #expect(CreativeMessageDecoder.decode(deep) == .failure(.malformed("nested deeper than 8")))
        #expect(CreativeMessageDecoder.nestingDepth(of: Data(#"{"a":"{[\"]"}"#.utf8)) == 1, "brackets inside strings and escapes do not count")
    }

    @Test("random bytes never trap, and every outcome is a message or a drop")
    func randomBytes() {
        var generator = SeededGenerator(seed: 0x6b6f6e74)
        let alphabet = Array(#"{}[]":,typeradcklio-fme0123456789 \nu"#.utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...120, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            _ = CreativeMessageDecoder.decode(Data(bytes))
        }
    }
}
