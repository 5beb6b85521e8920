import Foundation

/// A parsed XML document as `VASTXMLReader` builds it: flat arrays of elements and attributes, and one
/// byte buffer holding every name, decoded attribute value and element text. The model reader walks it
/// by index; nothing is copied until a value is read, and each value is turned into a `String` once.
struct VASTXMLTree: Sendable {
    /// An element's index in `nodes`.
    typealias NodeIndex = Int32

    /// A run of `bytes`.
    struct Span: Sendable {
        var start: Int32
        var end: Int32
    }

    /// One element.
    struct Node: Sendable {
        /// The interned local name.
        var name: VASTName
        /// The name as written, with any prefix.
        var qualifiedName: Span
        /// Its attributes: `attributes[firstAttribute ..< firstAttribute + attributeCount]`.
        var firstAttribute: Int32
        var attributeCount: Int32
        var firstChild: NodeIndex = -1
        var nextSibling: NodeIndex = -1
        /// Its own character data and CDATA, concatenated, entity-decoded, not trimmed.
        var text = Span(start: 0, end: 0)
    }

    /// One attribute.
    struct Attribute: Sendable {
        /// The interned local name.
        var name: VASTName
        /// Whether the name has a prefix (`xsi:type`): an unprefixed match wins over a prefixed one.
        var isPrefixed: Bool
        var qualifiedName: Span
        /// The value, entity-decoded and whitespace-normalised.
        var value: Span
    }

    /// The root element's index.
    static let root: NodeIndex = 0

    var nodes: [Node] = []
    var attributes: [Attribute] = []
    var bytes: [UInt8] = []

    // MARK: - Reading

    /// The interned local name of `node`.
    func name(_ node: NodeIndex) -> VASTName {
        nodes[Int(node)].name
    }

    /// The qualified name of `node`, as written.
    func qualifiedName(_ node: NodeIndex) -> String {
        string(nodes[Int(node)].qualifiedName)
    }

    /// The local name of `node` (after the last `:`), as written.
    func localName(_ node: NodeIndex) -> String {
        let name = qualifiedName(node)
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The first child of `node` named `name`.
    func child(_ node: NodeIndex, _ name: VASTName) -> NodeIndex? {
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            if nodes[Int(child)].name == name { return child }
            child = nodes[Int(child)].nextSibling
        }
        return nil
    }

    /// The children of `node` named `name` (every child for `nil`), in document order.
    func children(_ node: NodeIndex, _ name: VASTName? = nil) -> Children {
        Children(tree: self, upcoming: nodes[Int(node)].firstChild, name: name)
    }

    /// The grandchildren of `node` along `outer` then `inner` (`<Creatives><Creative>`), in document order.
    func children(_ node: NodeIndex, _ outer: VASTName, _ inner: VASTName) -> [NodeIndex] {
        var found: [NodeIndex] = []
        for container in children(node, outer) {
            for child in children(container, inner) { found.append(child) }
        }
        return found
    }

    /// The value of the attribute named `name`: an unprefixed name first, then a prefixed one; `nil` when absent.
    func attribute(_ node: NodeIndex, _ name: VASTName) -> String? {
        let element = nodes[Int(node)]
        var prefixed: Span?
        var index = Int(element.firstAttribute)
        let end = index + Int(element.attributeCount)
        while index < end {
            let attribute = attributes[index]
            if attribute.name == name {
                if !attribute.isPrefixed { return string(attribute.value) }
                if prefixed == nil { prefixed = attribute.value }
            }
            index += 1
        }
        return prefixed.map(string)
    }

    /// The text of `node`, not trimmed.
    func text(_ node: NodeIndex) -> String {
        string(nodes[Int(node)].text)
    }

    /// The text of `node` without surrounding whitespace and newlines (Unicode's, as Foundation trims).
    func trimmedText(_ node: NodeIndex) -> String {
        let span = nodes[Int(node)].text
        var start = Int(span.start)
        var end = Int(span.end)
        return bytes.withUnsafeBufferPointer { buffer in
            while start < end, Self.isASCIIWhitespace(buffer[start]) { start += 1 }
            while end > start, Self.isASCIIWhitespace(buffer[end - 1]) { end -= 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            // A non-ASCII first or last byte may be Unicode whitespace (a no-break space): let Foundation decide.
            guard start < end, buffer[start] >= 0x80 || buffer[end - 1] >= 0x80 else { return text }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// `node` and everything under it as a `VASTXMLElement` (for extensions, kept raw).
    func element(_ node: NodeIndex) -> VASTXMLElement {
        let element = nodes[Int(node)]
        let start = Int(element.firstAttribute)
        let attributes = self.attributes[start..<start + Int(element.attributeCount)].map {
            VASTXMLElement.Attribute(name: string($0.qualifiedName), value: string($0.value))
        }
        return VASTXMLElement(
            name: string(element.qualifiedName), attributes: attributes,
            children: children(node).map(self.element), text: string(element.text)
        )
    }

    /// A span of `bytes` as a string (the reader has validated the UTF-8).
    func string(_ span: Span) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)]), as: UTF8.self)
        }
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Children of one element, optionally only those of one name.
    struct Children: Sequence, IteratorProtocol {
        let tree: VASTXMLTree
        var upcoming: NodeIndex
        let name: VASTName?

        mutating func next() -> NodeIndex? {
            while upcoming >= 0 {
                let current = upcoming
                let node = tree.nodes[Int(current)]
                upcoming = node.nextSibling
                if name == nil || node.name == name { return current }
            }
            return nil
        }
    }
}
