import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("VASTXMLElement: xmlString")
struct VASTXMLElementTests {
    private func element(_ xml: String) throws -> VASTXMLElement {
        try VASTParser.parseXML(Data(xml.utf8)).get()
    }

    @Test(arguments: [
        // A combining acute accent after `"`, `<` and `&`: one grapheme each (found by the fuzz target).
        #"<Extension a="&quot;&#x301;"><T>&lt;&#x301; &amp;&#x301;</T></Extension>"#,
        // References to characters a reader would normalise if written raw.
        #"<Extension a="x&#9;y&#10;z&#13;w"><T>one&#13;two&#13;&#10;three</T></Extension>"#,
    ])
    func readsBackToTheSameTree(_ xml: String) throws {
        let original = try element(xml)
        #expect(try element(original.xmlString) == original)
    }

    @Test func escapesAsBefore() throws {
        #expect(try element(#"<E a="&lt;&quot;'">x &amp; y &gt; z</E>"#).xmlString == #"<E a="&lt;&quot;'">x &amp; y &gt; z</E>"#)
    }
}
