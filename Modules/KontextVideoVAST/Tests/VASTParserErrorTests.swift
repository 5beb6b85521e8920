import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("VASTParser: error rules")
struct VASTParserErrorTests {
    private func code(_ xml: String) -> Int? {
        code(Data(xml.utf8))
    }

    private func code(_ data: Data) -> Int? {
        switch VASTParser.parse(data) {
        case .success: return nil
        case .failure(let error): return error.code.rawValue
        }
    }

    @Test(arguments: [
        "",
        "not xml at all",
        "<VAST version=\"4.0\"><Ad>",
        "<VAST version=\"4.0\"><Ad></VAST>",
        "<VAST version=\"4.0\"></VAST><VAST/>",
        "<VAST version=\"4.0\"><Ad id=\"a\" id=\"b\"/></VAST>",
    ])
    func malformedDocumentsFailWith100(_ xml: String) {
        #expect(code(xml) == 100)
    }

    @Test func anUndeclaredPrefixOnACompleteDocumentIsOnlyAWarning() {
        // XMLParser sets parserError 201 here but delivers every element.
        #expect(code(#"<VAST version="4.0"><Ad id="a" xsi:type="x"><InLine><AdSystem>s</AdSystem></InLine></Ad></VAST>"#) == nil)
    }

    @Test func theVAST1RootIsVersionNotSupported() {
        #expect(code("<VideoAdServingTemplate><Ad id=\"x\"/></VideoAdServingTemplate>") == 102)
    }

    @Test(arguments: ["1.0", "5.0", "x"])
    func unsupportedVersionsAre102(_ version: String) {
        #expect(code(#"<VAST version="\#(version)"></VAST>"#) == 102)
    }

    @Test(arguments: ["2.0", "2.0.1", "3.0", "4.0", "4.1", "4.2", "4.3"])
    func supportedVersionsParse(_ version: String) {
        #expect(code(#"<VAST version="\#(version)"></VAST>"#) == nil)
    }

    @Test func aNonVASTRootIs101() {
        #expect(code(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"/>"#) == 101)
        #expect(code("<Ad id=\"fragment\"/>") == 101)
        #expect(code("<VAST-1 version=\"3.0\"/>") == 101)
    }

    @Test func aLeadingCommentBeforeTheDeclarationIsSkipped() throws {
        let xml = "<!-- served by x -->\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<VAST version=\"2.0\"></VAST>"
        #expect(code(xml) == nil)
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("  <?xml version=\"1.0\"?><VAST version=\"3.0\"/>".utf8)
        #expect(code(bom) == nil)
    }

    @Test func anEntityExpansionBombFailsFastWith100() {
        var xml = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            xml += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }
        xml += "]><VAST version=\"4.0\"><Error>&lol9;</Error></VAST>"
        // Refused before anything expands: a reader that expanded it would build 10⁹ "lol"s and
        // never return. How fast the refusal is belongs to the fuzz target's per-input time-out,
        // not to a timed unit test on a shared machine.
        #expect(code(xml) == 100)
    }

    @Test func externalEntitiesAreRefusedWith100() {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE v [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><VAST version=\"4.0\"><Error>&x;</Error></VAST>"
        #expect(code(xml) == 100)
        // Also after a leading comment, where the prologue is rewritten.
        #expect(code("<!-- c --><?xml version=\"1.0\"?><!DOCTYPE v><VAST version=\"4.0\"/>") == 100)
    }

    @Test func aDoctypeInsideCDATAIsOnlyText() {
        #expect(code("<VAST version=\"4.0\"><Error><![CDATA[<!DOCTYPE html>]]></Error></VAST>") == nil)
    }

    @Test func oversizedDocumentsFailWith100() {
        let padding = String(repeating: " ", count: VASTParser.maxDocumentBytes)
        #expect(code("<VAST version=\"4.0\">\(padding)</VAST>") == 100)
    }

    @Test func deeplyNestedDocumentsFailFastWith100() {
        let depth = 5_000
        let xml = "<VAST version=\"4.0\">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</VAST>"
        #expect(code(xml) == 100)
    }

    @Test func tooManyElementsFailWith100() {
        let xml = "<VAST version=\"4.0\"><Extensions>" + String(repeating: "<b/>", count: 210_000) + "</Extensions></VAST>"
        #expect(xml.utf8.count < VASTParser.maxDocumentBytes)
        #expect(code(xml) == 100)
    }

    @Test func utf16DocumentsAreRefusedWith100() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE v [<!ENTITY a \"aaaa\">]><VAST version=\"4.2\"/>"
        var little = Data([0xFF, 0xFE])
        little.append(xml.data(using: .utf16LittleEndian)!)
        #expect(code(little) == 100)
        #expect(code(xml.data(using: .utf16BigEndian)!) == 100, "no byte-order mark, but zero bytes give it away")
    }
}
