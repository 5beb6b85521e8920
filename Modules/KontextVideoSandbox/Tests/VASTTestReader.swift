import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the sandbox's VAST documents in tests, with `XMLParser`.
final class VASTTestReader: NSObject, XMLParserDelegate {
    private var texts: [(element: String, text: String)] = []
    private var attributeSets: [(element: String, attributes: [String: String])] = []
    private var stack: [String] = []
    private var current = ""

    /// Whether `data` is well-formed XML.
    static func isWellFormed(_ data: Data) -> Bool {
        XMLParser(data: data).parse()
    }

    /// Every URL-bearing element's text, in document order.
    static func urls(in data: Data) -> [String] {
        read(data).map(\.text).filter { $0.hasPrefix("http") }
    }

    /// The text of the first `element`.
    static func text(of element: String, in data: Data) -> String? {
        read(data).first { $0.element == element }?.text
    }

    /// The attributes of the first `element`.
    static func attributes(of element: String, in data: Data) -> [String: String]? {
        parsed(data).attributeSets.first { $0.element == element }?.attributes
    }

    private static func read(_ data: Data) -> [(element: String, text: String)] {
        parsed(data).texts
    }

    private static func parsed(_ data: Data) -> VASTTestReader {
        let reader = VASTTestReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        _ = parser.parse()
        return reader
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append(elementName)
        attributeSets.append((elementName, attributes))
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        current += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty { texts.append((elementName, text)) }
        current = ""
        stack.removeLast()
    }
}
