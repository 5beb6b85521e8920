import Foundation
import Testing
@testable import KontextVideoVAST

/// What XML 1.0 refuses that the reader once accepted (issue 18, items 10 and 11): malformed XML
/// declarations, and characters XML does not allow in names. Each is VAST error 100; the
/// well-formed neighbours of each still read.
@Suite("VASTXMLReader: the XML declaration and names, as XML 1.0 writes them")
struct VASTXMLGrammarTests {
    private func code(_ xml: String) -> Int? {
        if case .failure(let error) = VASTParser.parse(Data(xml.utf8)) { return error.code.rawValue }
        return nil
    }

    private static let root = #"<VAST version="4.2"/>"#

    @Test(arguments: [
        "<?xml?>",
        "<?xml ?>",
        #"<?xml encoding="UTF-8"?>"#,
        #"<?xml standalone="yes"?>"#,
        #"<?xml version="1.0" standalone="maybe"?>"#,
        #"<?xml version="1.0" standalone="YES"?>"#,
        #"<?xml version="1.0" version="1.0"?>"#,
        #"<?xml version="1.0" encoding="UTF-8" encoding="UTF-8"?>"#,
        #"<?xml encoding="UTF-8" version="1.0"?>"#,
        #"<?xml version="1.0" standalone="no" encoding="UTF-8"?>"#,
        #"<?xml version="1.0" standalone="no" standalone="no"?>"#,
        #"<?xml version="1.0" encoding=""?>"#,
        #"<?xml version="1.0 "?>"#,
        #"<?xml version=" 1.0"?>"#,
        #"<?xml version="1."?>"#,
        #"<?xml version="1.0a"?>"#,
        #"<?xml version="1.0" encoding="8bit"?>"#,
        #"<?xml version="1.0" encoding="utf 8"?>"#,
        #"<?xml version="1.0" encoding="UTF-8'?>"#,
        #"<?xml version="1.0" Encoding="UTF-8"?>"#,
        #"<?xml version="1.0" foo="bar"?>"#,
    ])
    func aMalformedXMLDeclarationIs100(_ declaration: String) {
        #expect(code(declaration + Self.root) == 100, "\(declaration)")
    }

    @Test(arguments: [
        #"<?xml version="1.0"?>"#,
        #"<?xml version='1.0'?>"#,
        #"<?xml version="1.1"?>"#,
        #"<?xml version = "1.0"  encoding = 'utf-8'  standalone = "no" ?>"#,
        #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
        #"<?xml version="1.0" standalone="no"?>"#,
        #"<?xml version="1.0" encoding="ISO-8859-1"?>"#,
        "<?xml\tversion=\"1.0\"\r\nencoding=\"utf8\"?>",
    ])
    func aWellFormedXMLDeclarationReads(_ declaration: String) {
        #expect(code(declaration + Self.root) == nil, "\(declaration)")
    }

    /// A name, wrapped where an element name, an attribute name and an end tag would carry it.
    private func inNames(_ name: String) -> [String] {
        [
            #"<VAST version="4.2"><Extensions><Extension><\#(name)/></Extension></Extensions></VAST>"#,
            #"<VAST version="4.2"><Extensions><Extension \#(name)="1"/></Extensions></VAST>"#,
            #"<VAST version="4.2"><Extensions><Extension><\#(name)></\#(name)></Extension></Extensions></VAST>"#,
        ]
    }

    @Test(arguments: [
        "a\u{D7}b",     // ×
        "a\u{F7}b",     // ÷
        "a\u{A0}b",     // a no-break space
        "a\u{3000}b",   // an ideographic space
        "a\u{2028}b",   // a line separator
        "a\u{2029}b",   // a paragraph separator
        "a\u{FFFD}b\u{2FF0}",  // U+FFFD is a name character, U+2FF0 (an ideographic description character) is not
        "\u{301}a",     // a leading combining mark
        "\u{B7}a",      // a leading middle dot
        "\u{203F}a",    // a leading undertie
    ])
    func charactersXMLForbidsInNamesAre100(_ name: String) {
        for xml in inNames(name) {
            #expect(code(xml) == 100, "\(name.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }) in \(xml)")
        }
    }

    @Test(arguments: [
        "\u{F1}and\u{FA}",         // ñandú
        "caf\u{E9}\u{B7}menu",      // a middle dot inside
        "e\u{301}t\u{E9}",          // a combining mark inside
        "\u{5E7}\u{5E6}",           // Hebrew
        "\u{6F22}\u{5B57}",         // CJK
        "x\u{203F}y",               // an undertie inside
        "\u{10000}",                // a name start character beyond the BMP
        "p:\u{E9}l\u{E9}ment",      // a prefix
        "\u{660}a",                // a leading Arabic-Indic digit: the fifth edition allows U+037F–U+1FFF to start a name
    ])
    func nonASCIINameCharactersXMLAllowsRead(_ name: String) throws {
        for xml in inNames(name) {
            #expect(code(xml) == nil, "\(xml)")
        }
        let document = try VASTParser.parseXML(Data(inNames(name)[0].utf8)).get()
        #expect(document.elements(path: ["Extensions", "Extension"]).first?.children.first?.name == name)
    }

    @Test func aNoBreakSpaceAfterTheRootNameIs100NotAWrongRoot() {
        #expect(code("<VAST\u{A0}version=\"4.2\"/>") == 100)
        #expect(code("<VAST version=\"4.2\"></VAST\u{A0}>") == 100)
        #expect(code("<VAST\u{A0}/>") == 100)
        // The control: a real space.
        #expect(code("<VAST version=\"4.2\"></VAST >") == nil)
    }
}
