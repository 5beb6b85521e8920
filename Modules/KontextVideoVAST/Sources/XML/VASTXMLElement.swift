import Foundation

/// One element of a parsed XML document, kept whole: the parser's faithful model keeps
/// unknown parts (extensions, creative extensions) as these trees.
package struct VASTXMLElement: Sendable, Equatable, Encodable {
    /// The element's name as written, with any prefix (`vmap:VMAP`).
    package var name: String
    /// The attributes in document order, names as written.
    package var attributes: [Attribute]
    /// The child elements in document order.
    package var children: [VASTXMLElement]
    /// The element's own character data and CDATA, concatenated, not trimmed.
    package var text: String

    /// One attribute.
    package struct Attribute: Sendable, Equatable, Encodable {
        /// The name as written (`xsi:schemaLocation`).
        package var name: String
        /// The value, entity-decoded.
        package var value: String
    }

    /// Creates an element.
    package init(name: String, attributes: [Attribute] = [], children: [VASTXMLElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The name without its namespace prefix (`VMAP` for `vmap:VMAP`).
    package var localName: String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The text with surrounding whitespace and newlines removed.
    package var trimmedText: String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of the attribute whose local name matches `name`, ignoring case; `nil` when absent.
    package func attribute(_ name: String) -> String? {
        for attribute in attributes where attribute.name.caseInsensitiveCompare(name) == .orderedSame {
            return attribute.value
        }
        for attribute in attributes where Self.local(attribute.name).caseInsensitiveCompare(name) == .orderedSame {
            return attribute.value
        }
        return nil
    }

    /// The first child whose local name matches `name`, ignoring case.
    package func element(_ name: String) -> VASTXMLElement? {
        children.first { $0.localName.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The element serialised back to XML (attributes and text escaped), for showing raw extensions.
    package var xmlString: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the element's XML to `out`: one string for the whole tree, so a deep one costs its
    /// size, not its size times its depth (each level copying its children's text again).
    private func write(to out: inout String) {
        out += "<\(name)"
        for attribute in attributes {
            out += " \(attribute.name)=\""
            Self.escape(attribute.value, quote: true, into: &out)
            out += "\""
        }
        if children.isEmpty && text.isEmpty {
            out += "/>"
            return
        }
        out += ">"
        Self.escape(text, quote: false, into: &out)
        for child in children {
            child.write(to: &out)
        }
        out += "</\(name)>"
    }

    private static func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// Escapes so the text reads back the same. By Unicode scalar, not by `Character`: a combining mark
    /// after `"`, `<` or `&` makes one grapheme of the two, which a `Character` comparison would let
    /// through unescaped (found by fuzzing). Carriage returns (and tabs and line feeds in attribute
    /// values) become references, since a reader normalises them when written raw.
    private static func escape(_ value: String, quote: Bool, into out: inout String) {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quote: escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "\r": escaped.append(contentsOf: "&#13;".unicodeScalars)
            case "\n" where quote: escaped.append(contentsOf: "&#10;".unicodeScalars)
            case "\t" where quote: escaped.append(contentsOf: "&#9;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        out += String(escaped)
    }
}
