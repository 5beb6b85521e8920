import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What reading the same bytes costs at the least, for `kontext-video-bench vast` to divide by.
enum VASTFloors {
    /// Foundation's `XMLParser` over the bytes with a delegate that does nothing: the floor of the XML
    /// layer the SDK used before its own reader (issue 9 measured the SDK against it).
    static func xmlParser(_ documents: [Data]) -> Int {
        var elements = 0
        for document in documents {
            let parser = XMLParser(data: document)
            parser.shouldResolveExternalEntities = false
            let delegate = NoOpDelegate()
            parser.delegate = delegate
            _ = parser.parse()
            elements &+= delegate.elements
        }
        return elements
    }

    /// One plain pass over every byte (counting `<` and the bytes at or above 0x80): the least any
    /// reader that looks at each byte once can do.
    static func byteScan(_ documents: [Data]) -> Int {
        var count = 0
        for document in documents {
            document.withUnsafeBytes { raw in
                for byte in raw where byte == UInt8(ascii: "<") || byte >= 0x80 {
                    count &+= 1
                }
            }
        }
        return count
    }

    /// Counts elements only, so the parse cannot be optimised away.
    private final class NoOpDelegate: NSObject, XMLParserDelegate {
        var elements = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            elements += 1
        }
    }
}
