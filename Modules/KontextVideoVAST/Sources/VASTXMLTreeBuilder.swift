import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Turns XML bytes into a `VASTXMLElement` tree with Foundation's `XMLParser`, bounded so a
/// hostile document fails fast.
///
/// Failure rule (Linux quirks, see the corpus INDEX): the parse failed when `parse()` returns
/// `false`, or when `parserError` is set with any code other than 201 (undeclared namespace
/// prefix on an otherwise complete document, which is only a warning). External entities are
/// never resolved, and `VASTXMLPrologue` has already refused any DTD, so there are no entity
/// declarations to expand.
struct VASTXMLTreeBuilder {
    /// The limits that bound time and memory.
    struct Limits: Sendable {
        /// Maximum element nesting.
        var maxDepth = 128
        /// Maximum number of elements.
        var maxElements = 200_000
    }

    var limits = Limits()

    /// Parses `data` (already checked by `VASTXMLPrologue`) into its root element.
    func parse(_ data: Data) -> Result<VASTXMLElement, VASTError> {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let delegate = Delegate(limits: limits)
        parser.delegate = delegate
        let finished = parser.parse()
        if let abort = delegate.abortReason {
            return .failure(VASTError(.xmlParsing, abort))
        }
        if !finished {
            let code = (parser.parserError as NSError?)?.code ?? -1
            return .failure(VASTError(.xmlParsing, "XML is not well-formed (XMLParser error \(code)\(Self.position(parser)))"))
        }
        if let error = parser.parserError as NSError?, error.code != 201 {
            return .failure(VASTError(.xmlParsing, "XML is not well-formed (XMLParser error \(error.code)\(Self.position(parser)))"))
        }
        guard let root = delegate.root, delegate.stack.isEmpty else {
            return .failure(VASTError(.xmlParsing, "XML document has no complete root element"))
        }
        return .success(root)
    }

    private static func position(_ parser: XMLParser) -> String {
        ", line \(parser.lineNumber), column \(parser.columnNumber)"
    }

    /// The SAX delegate; lives for one parse on one thread.
    private final class Delegate: NSObject, XMLParserDelegate {
        let limits: Limits
        var stack: [VASTXMLElement] = []
        var root: VASTXMLElement?
        var elementCount = 0
        var abortReason: String?

        init(limits: Limits) {
            self.limits = limits
        }

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            guard abortReason == nil else { return }
            elementCount += 1
            if root != nil {
                return fail(parser, "content after the root element")
            }
            if elementCount > limits.maxElements {
                return fail(parser, "more than \(limits.maxElements) elements")
            }
            if stack.count >= limits.maxDepth {
                return fail(parser, "elements nested deeper than \(limits.maxDepth)")
            }
            // Foundation hands attributes as a dictionary: sort for a stable order.
            let attributes = attributeDict.keys.sorted().map {
                VASTXMLElement.Attribute(name: $0, value: attributeDict[$0] ?? "")
            }
            stack.append(VASTXMLElement(name: qName ?? elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard abortReason == nil, let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard abortReason == nil, !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard abortReason == nil, !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, "entity declarations are not allowed")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            fail(parser, "entity declarations are not allowed")
        }

        private func fail(_ parser: XMLParser, _ reason: String) {
            guard abortReason == nil else { return }
            abortReason = reason
            parser.abortParsing()
        }
    }
}
