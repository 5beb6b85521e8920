import Foundation
import Testing
@testable import KontextVideoVAST

/// Bytes an ad tag from anywhere can carry: each is refused with VAST error 100, in this process,
/// without a crash. The first four are issue 9's reproductions (they killed the process, or
/// honoured an entity declaration, while Foundation's `XMLParser` read VAST on Linux).
@Suite("VASTParser: hostile input")
struct VASTHostileInputTests {
    private func failure(_ data: Data) -> VASTError? {
        if case .failure(let error) = VASTParser.parse(data) { return error }
        return nil
    }

    private func failure(_ xml: String) -> VASTError? {
        failure(Data(xml.utf8))
    }

    /// `head`, raw `middle` bytes, then `tail`.
    private func bytes(_ head: String, _ middle: [UInt8], _ tail: String) -> Data {
        Data(head.utf8) + Data(middle) + Data(tail.utf8)
    }

    @Test func anInvalidUTF8ByteInsideACommentIs100() {
        let error = failure(bytes(#"<VAST version="4.2"><!--"#, [0xFF], "--></VAST>"))
        #expect(error?.code == .xmlParsing)
        #expect(error?.message.contains("line 1, column 25") == true, "\(String(describing: error))")
    }

    @Test func aProcessingInstructionWithoutDataIs100() {
        #expect(failure(#"<VAST version="4.2"><?pi?></VAST>"#)?.code == .xmlParsing)
    }

    @Test(arguments: [
        #"<?pi?><VAST version="4.2"/>"#,
        #"<?xml version="1.0"?><?xml-stylesheet href="x"?><VAST version="4.2"/>"#,
        #"<VAST version="4.2"><Ad><?target some data?></Ad></VAST>"#,
        #"<VAST version="4.2"/><?pi?>"#,
        #"<VAST version="4.2"><?xml version="1.0"?></VAST>"#,
    ])
    func processingInstructionsAreRefusedWhereverTheySit(_ xml: String) {
        #expect(failure(xml)?.code == .xmlParsing)
    }

    @Test(arguments: [" ", ""])
    func aDoctypePastSixtyFourKiBOfWhitespaceIsRefusedLikeAnyOther(_ lead: String) {
        let padding = String(repeating: " ", count: 70_000)
        let xml = lead + #"<?xml version="1.0"?>"# + padding
            + #"<!DOCTYPE VAST [<!ENTITY a "expanded">]><VAST version="4.2"><Error>https://e.example.com/&a;</Error></VAST>"#
        let error = failure(xml)
        #expect(error?.code == .xmlParsing)
        // One rule with or without the leading space: the DTD is what is refused, not the prologue's length.
        #expect(error?.message == "a DTD (<!DOCTYPE>) is not allowed in VAST")
    }

    @Test(arguments: [
        #"<VAST version="4.2"><!DOCTYPE VAST [<!ENTITY a "x">]><Error>&a;</Error></VAST>"#,
        #"<VAST version="4.2"/><!DOCTYPE VAST>"#,
        #"<!-- c --><!doctype VAST><VAST version="4.2"/>"#,
        #"<VAST version="4.2"><!ENTITY a "x"></VAST>"#,
    ])
    func aDoctypeOrDeclarationAnywhereIs100(_ xml: String) {
        #expect(failure(xml)?.code == .xmlParsing)
    }

    @Test func malformedDocumentsLeaveNothingBehind() {
        // XMLParser leaked a CFString per error; the reader holds nothing past the call. The
        // benchmark's leak loop measures resident memory over a million; here, the outcome only.
        for _ in 0..<1_000 {
            #expect(failure(bytes(#"<VAST version="4.2"><!--"#, [0xFF], "--></VAST>"))?.code == .xmlParsing)
        }
    }

    @Test(arguments: [
        [0xC0, 0xAF],              // overlong '/'
        [0xED, 0xA0, 0x80],        // a surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0xE2, 0x82],              // truncated
        [0x80],                    // a lone continuation byte
        [0xEF, 0xBF, 0xBF],        // U+FFFF, not an XML character
        [0x00],                    // NUL
        [0x1B],                    // a control character
    ] as [[UInt8]])
    func bytesThatAreNotUTF8XMLCharactersAre100(_ sequence: [UInt8]) {
        #expect(failure(bytes(#"<VAST version="4.2"><Error>"#, sequence, "</Error></VAST>"))?.code == .xmlParsing)
        #expect(failure(bytes(#"<VAST version="4.2" x=""#, sequence, #""/>"#))?.code == .xmlParsing)
    }

    @Test(arguments: [
        "&unknown;", "&amp", "& ", "&#0;", "&#xD800;", "&#x110000;", "&#99999999999999999999;", "&#;", "&#x;", "&#12a;",
    ])
    func undeclaredEntitiesAndBadReferencesAre100(_ reference: String) {
        #expect(failure(#"<VAST version="4.2"><Error>\#(reference)</Error></VAST>"#)?.code == .xmlParsing)
    }

    @Test(arguments: [
        "<VAST version=\"4.2\"><Error>a ]]> b</Error></VAST>",
        "<VAST version=\"4.2\"><!-- a -- b --></VAST>",
        "<VAST version=\"4.2\"><!-- never ends </VAST>",
        "<VAST version=\"4.2\"><Error><![CDATA[ never ends </Error></VAST>",
        "<VAST version=\"4.2\"><Error></error></VAST>",
        "<VAST version=\"4.2\" a=\"1\"b=\"2\"/>",
        "<VAST version=\"4.2\" a=\"<\"/>",
        "<VAST version=4.2/>",
        "<VAST version=\"4.2\"",
        "<VAST version=\"4.2\"/>trailing text",
        "text<VAST version=\"4.2\"/>",
        "<1VAST/>",
        "<?xml version=\"1.0\"?><?xml version=\"1.0\"?><VAST version=\"4.2\"/>",
        "<?xml version=\"2.0\"?><VAST version=\"4.2\"/>",
    ])
    func malformedMarkupIs100(_ xml: String) {
        #expect(failure(xml)?.code == .xmlParsing)
    }

    @Test func aDeclaredEncodingOtherThanUTF8IsReadOnlyWhenEveryByteIsASCII() {
        let ascii = #"<?xml version="1.0" encoding="ISO-8859-1"?><VAST version="4.2"/>"#
        #expect(failure(ascii) == nil)
        let latin = bytes(#"<?xml version="1.0" encoding="ISO-8859-1"?><VAST version="4.2"><Error>caf"#, [0xC3, 0xA9], "</Error></VAST>")
        #expect(failure(latin)?.code == .xmlParsing)
        let utf8 = bytes(#"<?xml version="1.0" encoding="utf-8"?><VAST version="4.2"><Error>caf"#, [0xC3, 0xA9], "</Error></VAST>")
        #expect(failure(utf8) == nil)
    }

    @Test func charactersAreDecodedAndLineEndsNormalisedAsXMLSays() throws {
        let xml = "<VAST version=\"4.2\"><Ad id=\"a&amp;b&#x41;&#66;\tc\r\nd\"><InLine><AdSystem>s</AdSystem>"
            + "<Creatives><Creative><Linear><AdParameters>x&lt;y&gt;&quot;&apos;\r\nz\rw<![CDATA[<b>&amp;</b>\r\n]]></AdParameters>"
            + "<Duration>00:00:05</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"
        let ad = try #require(try VASTParser.parse(Data(xml.utf8)).get().ads.first)
        #expect(ad.id == "a&bAB c d")
        #expect(ad.linearCreative?.linear?.adParameters == "x<y>\"'\nz\nw<b>&amp;</b>\n")
    }
}
