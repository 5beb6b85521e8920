import Foundation
import Testing
@testable import KontextVideoVAST

/// The WebVTT reader: files in, cues out (W3C WebVTT "6. Parsing"), malformed cues dropped,
/// hostile input read in linear work.
@Suite("WebVTT reader")
struct WebVTTReaderTests {
    static func read(_ text: String) -> Result<WebVTTDocument, WebVTTError> {
        WebVTTReader.read(Data(text.utf8))
    }

    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let file: String
        /// (start, end, text) of every cue kept; `nil`: refused with `error`.
        let cues: [(TimeInterval, TimeInterval, String)]?
        var error: WebVTTError?
        var dropped = 0
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "one cue", file: "WEBVTT\n\n00:01.000 --> 00:02.500\nHello\n", cues: [(1, 2.5, "Hello")]),
        Row(name: "hours, CRLF, identifier, two lines", file: "WEBVTT\r\n\r\nintro\r\n01:00:00.000 --> 01:00:01.000\r\nOne\r\nTwo\r\n", cues: [(3600, 3601, "One\nTwo")]),
        Row(name: "CR line ends", file: "WEBVTT\r\r00:00.000 --> 00:01.000\rA", cues: [(0, 1, "A")]),
        Row(name: "byte order mark, header text", file: "\u{FEFF}WEBVTT - captions\nKind: captions\n\n00:00.000 --> 00:01.000\nA", cues: [(0, 1, "A")]),
        Row(name: "settings read past", file: "WEBVTT\n\n00:00.000 --> 00:01.000 align:start line:0 position:10% size:50% vertical:rl\nA", cues: [(0, 1, "A")]),
        Row(name: "tags dropped, references decoded", file: "WEBVTT\n\n00:00.000 --> 00:01.000\n<v Ann>Hi</v> <i>&amp;</i> &lt;3 &#x41;&#66; &bogus; &\n", cues: [(0, 1, "Hi & <3 AB &bogus; &")]),
        Row(name: "NOTE, STYLE and REGION blocks skipped", file: "WEBVTT\n\nNOTE a note\nmore\n\nSTYLE\n::cue { color: red }\n\nREGION\nid:r\n\n00:00.000 --> 00:01.000\nA", cues: [(0, 1, "A")]),
        Row(name: "an arrow line ends the cue before it", file: "WEBVTT\n\n00:00.000 --> 00:01.000\nA\n00:01.000 --> 00:02.000\nB", cues: [(0, 1, "A"), (1, 2, "B")]),
        Row(name: "bad timing dropped, rest kept", file: "WEBVTT\n\n00:00.00 --> 00:01.000\nshort millis\n\n0:00.000 --> 00:01.000\none-digit minutes\n\n00:61.000 --> 01:00.000\nsixty-one seconds\n\n00:02.000 --> 00:01.000\nbackwards\n\n00:03.000 --> 00:04.000\nkept", cues: [(3, 4, "kept")], dropped: 4),
        Row(name: "glued setting makes the line bad", file: "WEBVTT\n\n00:00.000 --> 00:01.000align:start\nA", cues: [], dropped: 1),
        Row(name: "empty file with signature", file: "WEBVTT", cues: []),
        Row(name: "no signature", file: "00:00.000 --> 00:01.000\nA", cues: nil, error: .missingSignature),
        Row(name: "signature glued to text", file: "WEBVTTX\n\n00:00.000 --> 00:01.000\nA", cues: nil, error: .missingSignature),
        Row(name: "SRT is not WebVTT", file: "1\n00:00:00,000 --> 00:00:01,000\nA", cues: nil, error: .missingSignature),
    ]

    @Test("reads each file as the table says", arguments: rows)
    func table(_ row: Row) {
        switch Self.read(row.file) {
        case .success(let document):
            #expect(row.cues != nil, "expected \(String(describing: row.error))")
            let expected = row.cues ?? []
            #expect(document.cues.map { [$0.start, $0.end] } == expected.map { [$0.0, $0.1] })
            #expect(document.cues.map(\.text) == expected.map(\.2))
            #expect(document.droppedCues == row.dropped)
        case .failure(let error):
            #expect(row.cues == nil)
            #expect(error == row.error)
        }
    }

    @Test("invalid UTF-8 reads as U+FFFD; a file past the cap is refused")
    func bytes() throws {
        var bytes = Data("WEBVTT\n\n00:00.000 --> 00:01.000\nA".utf8)
        bytes.append(0xFF)
        let document = try WebVTTReader.read(bytes).get()
        #expect(document.cues.map(\.text) == ["A\u{FFFD}"])
        #expect(WebVTTReader.read(Data(count: WebVTTReader.maxBytes + 1)) == .failure(.tooLarge(bytes: WebVTTReader.maxBytes + 1)))
    }

    @Test("cues past the cap are dropped; a cue's text is cut at its cap")
    func caps() throws {
        let cue = "00:00.000 --> 00:01.000\nA\n\n"
        let document = try Self.read("WEBVTT\n\n" + String(repeating: cue, count: WebVTTReader.maxCues + 3)).get()
        #expect(document.cues.count == WebVTTReader.maxCues)
        #expect(document.droppedCues == 3)
        let long = try Self.read("WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "x", count: 5000)).get()
        #expect(long.cues.first?.text.count == WebVTTReader.maxCueTextLength)
    }

    @Test("the text at a time: half-open cues, overlapping ones in file order")
    func textAtTime() {
        let document = WebVTTDocument(cues: [
            WebVTTCue(start: 0, end: 2, text: "A"), WebVTTCue(start: 1, end: 3, text: "B"), WebVTTCue(start: 5, end: 6, text: "C"),
        ])
        #expect(document.text(at: 0) == "A")
        #expect(document.text(at: 1.5) == "A\nB")
        #expect(document.text(at: 2) == "B")
        #expect(document.text(at: 4) == nil)
        #expect(document.text(at: 6) == nil)
        #expect(document.text(at: .nan) == nil)
    }

    /// A hostile file of about 1 MB costs at most a small multiple of the work of a plain file of
    /// the same size: the reader never goes back over what it read (work counted, not timed).
    @Test("hostile input costs linear work", arguments: [
        ("unclosed tags", "00:00.000 --> 00:01.000\n" + String(repeating: "<", count: 2000) + "\n\n"),
        ("references", "00:00.000 --> 00:01.000\n" + String(repeating: "&abcdefghijk", count: 200) + "\n\n"),
        ("arrows", String(repeating: "-->", count: 700) + "\n"),
        ("timing lines", String(repeating: "00:00.000 --> 00:01.000\n", count: 100)),
        ("long hours", String(repeating: "9", count: 2000) + ":00:00.000 --> 00:01.000\nA\n\n"),
        ("identifier lines", String(repeating: "x\n", count: 1000)),
        ("blank lines", String(repeating: "\r\n", count: 1000)),
    ])
    func linearWork(_ shape: (String, String)) throws {
        let size = 1 << 20 - 64
        func file(_ unit: String) -> Data {
            var text = "WEBVTT\n\n"
            text += String(repeating: unit, count: max(1, (size - text.utf8.count) / unit.utf8.count))
            return Data(text.utf8)
        }
        let plain = file("00:00:01.000 --> 00:00:02.000\nA plain caption line of text.\n\n")
        let hostile = file(shape.1)
        var plainWork = 0
        var hostileWork = 0
        _ = WebVTTReader.read(plain, work: &plainWork)
        _ = WebVTTReader.read(hostile, work: &hostileWork)
        let ratio = Double(hostileWork) / Double(plainWork)
        #expect(ratio < 4, "\(shape.0): \(hostileWork) units for \(hostile.count) bytes, \(plainWork) for \(plain.count) plain (×\(ratio))")
    }
}
