import Foundation

/// Reads a VAST document's bytes into a `VASTXMLTree`: a strict, small UTF-8 XML reader for what VAST
/// uses, written for bytes from anywhere on the internet.
///
/// Read: elements, attributes, character data, CDATA, the five predefined entities and numeric
/// character references; comments are skipped; line ends are normalised as XML says (CR LF and CR
/// become LF; in attribute values tab, CR and LF become spaces). Namespaces are not processed: names
/// keep their prefixes, and an undeclared prefix is fine (players accept them; see the corpus INDEX).
///
/// Refused with VAST error 100, wherever it sits, however far into the document:
/// - anything that is not well-formed XML 1.0, and bytes that are not UTF-8 XML characters; names
///   are XML 1.0 (fifth edition) names, non-ASCII characters included (`×`, a no-break space or a
///   leading combining mark are not name characters); the XML declaration is exactly
///   `version`, then optionally `encoding` (a well-formed name), then optionally `standalone`
///   (`yes` or `no`), each once;
/// - a document type declaration (`<!DOCTYPE`) and so any entity declaration: VAST needs none, and
///   without one there is nothing to expand and nothing external to fetch. An entity other than the
///   five predefined ones is undeclared, hence an error;
/// - processing instructions other than the XML declaration: VAST defines none;
/// - an XML declaration naming an encoding other than UTF-8, unless every byte is ASCII (where the
///   usual declared encodings agree with UTF-8); UTF-16 and UTF-32 documents;
/// - more than `maxBytes` bytes, elements nested deeper than `maxDepth`, more than `maxElements` elements.
///
/// Lenient on purpose, as before: a byte-order mark, whitespace and comments may come before the XML
/// declaration (prebid's `VAST_Empty_Response.xml` starts with a comment; players load such tags).
///
/// Linear in the document's size whatever its shape: every byte is looked at a bounded number of
/// times, and a start tag's attributes are checked for repeats through a table once there are more
/// than a few (`kontext-video-bench vast` measures the hostile shapes against the corpus).
struct VASTXMLReader {
    /// The limits that bound time and memory.
    struct Limits: Sendable {
        /// The largest document read, in bytes.
        var maxBytes = 2 * 1024 * 1024
        /// Maximum element nesting.
        var maxDepth = 128
        /// Maximum number of elements.
        var maxElements = 200_000
    }

    var limits = Limits()

    /// The tree of `data`, or the VAST error 100 that refuses it.
    func read(_ data: Data) -> Result<VASTXMLTree, VASTError> {
        var nameComparisons = 0
        return read(data, nameComparisons: &nameComparisons)
    }

    /// `read(_:)`, counting in `nameComparisons` the times two names were compared byte by byte:
    /// the tests' measure of the reader's work on many attributes, the same on every machine.
    func read(_ data: Data, nameComparisons: inout Int) -> Result<VASTXMLTree, VASTError> {
        guard data.count <= limits.maxBytes else {
            return .failure(VASTError(.xmlParsing, "document is \(data.count) bytes, over the \(limits.maxBytes)-byte limit"))
        }
        return data.withUnsafeBytes { raw -> Result<VASTXMLTree, VASTError> in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, !raw.isEmpty else {
                return .failure(VASTError(.xmlParsing, "XML is not well-formed: the document is empty"))
            }
            let bytes = UnsafeBufferPointer(start: base, count: raw.count)
            if Self.looksLikeUTF16OrUTF32(bytes) {
                return .failure(VASTError(.xmlParsing, "only UTF-8 VAST documents are read"))
            }
            let characters = VASTXMLCharacters.check(base, count: bytes.count)
            if let offset = characters.invalidOffset {
                return .failure(Self.failure(SyntaxError(offset: offset, reason: "bytes that are not UTF-8 XML characters"), in: bytes))
            }
            var scanner = Scanner(bytes: bytes, limits: limits, isASCII: characters.isASCII)
            defer { nameComparisons += scanner.nameComparisons }
            do throws(SyntaxError) {
                try scanner.document()
            } catch {
                return .failure(Self.failure(error, in: bytes))
            }
            return .success(scanner.tree)
        }
    }

    /// A byte-order mark of UTF-16 or UTF-32, or a zero byte among the first two (`<` then 0, or 0 then `<`).
    private static func looksLikeUTF16OrUTF32(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        return (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) || bytes[0] == 0 || bytes[1] == 0
    }

    private static func failure(_ error: SyntaxError, in bytes: UnsafeBufferPointer<UInt8>) -> VASTError {
        if let message = error.message { return VASTError(.xmlParsing, message) }
        var line = 1
        var lineStart = 0
        let end = min(error.offset, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return VASTError(.xmlParsing, "XML is not well-formed: \(error.reason) (line \(line), column \(end - lineStart + 1))")
    }

    /// Why and where reading stopped.
    struct SyntaxError: Error {
        var offset: Int
        var reason: String
        /// A whole message that replaces the positioned one (policy refusals, limits).
        var message: String?
    }

    /// The reading state for one document. Works on the bytes in place; writes only into `tree`.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: Limits
        let isASCII: Bool
        let names = VASTNameTable.shared
        var index = 0
        var tree = VASTXMLTree()
        /// The open elements, innermost last.
        var openElements: [OpenElement] = []
        /// The text of the open elements, innermost last: a child's text leaves before its parent's goes on.
        var pendingText: [UInt8] = []
        /// How many times two names were compared byte by byte (`read(_:nameComparisons:)`).
        var nameComparisons = 0
        /// The attributes of the start tag being read, by a hash of their names (`-1`: an empty slot),
        /// once it has more than `attributesCheckedPairwise`: an index into `tree.attributes`.
        var attributeSlots: [Int32] = []

        /// Up to this many attributes on a tag, a new one is compared with each before it; past it,
        /// through `attributeSlots` (each name hashed once, with the process's random seed, so no
        /// document can be built to make its names collide).
        static let attributesCheckedPairwise = 8

        struct OpenElement {
            var node: VASTXMLTree.NodeIndex
            /// Where its name starts in the document, to match the end tag.
            var nameStart: Int
            var nameCount: Int
            var textStart: Int
            var lastChild: VASTXMLTree.NodeIndex = -1
        }

        init(bytes: UnsafeBufferPointer<UInt8>, limits: Limits, isASCII: Bool) {
            self.bytes = bytes
            self.limits = limits
            self.isASCII = isASCII
            tree.nodes.reserveCapacity(max(16, bytes.count / 48))
            tree.attributes.reserveCapacity(max(16, bytes.count / 64))
            tree.bytes.reserveCapacity(bytes.count)
            pendingText.reserveCapacity(256)
        }

        private var count: Int { bytes.count }

        private func fail(_ reason: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(offset: offset ?? index, reason: reason)
        }

        private func refuse(_ message: String) -> SyntaxError {
            SyntaxError(offset: index, reason: message, message: message)
        }

        private func byte(at offset: Int) -> UInt8 {
            offset < count ? bytes[offset] : 0
        }

        private func starts(with literal: StaticString, at offset: Int) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard offset + length <= count else { return false }
            let pattern = literal.utf8Start
            for position in 0..<length where bytes[offset + position] != pattern[position] {
                return false
            }
            return true
        }

        private func startsCaseInsensitive(with upper: StaticString, at offset: Int) -> Bool {
            let length = upper.utf8CodeUnitCount
            guard offset + length <= count else { return false }
            let pattern = upper.utf8Start
            for position in 0..<length {
                var byte = bytes[offset + position]
                if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
                if byte != pattern[position] { return false }
            }
            return true
        }

        @discardableResult
        private mutating func skipWhitespace() -> Bool {
            let start = index
            while index < count, VASTXMLTree.isASCIIWhitespace(bytes[index]) { index += 1 }
            return index > start
        }

        // MARK: Document

        mutating func document() throws(SyntaxError) {
            if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
            var sawDeclaration = false
            // The prologue: the declaration, comments and whitespace.
            while true {
                skipWhitespace()
                guard index < count else { throw fail("the document has no root element") }
                guard bytes[index] == UInt8(ascii: "<") else { throw fail("text before the root element") }
                if starts(with: "<?xml", at: index), VASTXMLTree.isASCIIWhitespace(byte(at: index + 5)) || starts(with: "?>", at: index + 5) {
                    guard !sawDeclaration else { throw fail("a second XML declaration") }
                    try declaration()
                    sawDeclaration = true
                } else if starts(with: "<!--", at: index) {
                    try comment()
                } else if try !refuseMarkupDeclaration() {
                    break
                }
            }
            try element()
            try content()
            // The epilogue: comments and whitespace only.
            while true {
                skipWhitespace()
                guard index < count else { return }
                if starts(with: "<!--", at: index) {
                    try comment()
                } else if try !refuseMarkupDeclaration() {
                    throw refuse("content after the root element")
                }
            }
        }

        /// Throws for `<!DOCTYPE`, any other `<!` declaration and any processing instruction; `false` otherwise.
        private mutating func refuseMarkupDeclaration() throws(SyntaxError) -> Bool {
            if startsCaseInsensitive(with: "<!DOCTYPE", at: index) {
                throw refuse("a DTD (<!DOCTYPE>) is not allowed in VAST")
            }
            if starts(with: "<!", at: index) && !starts(with: "<!--", at: index) && !starts(with: "<![CDATA[", at: index) {
                throw refuse("a markup declaration (<!…>) is not allowed in VAST")
            }
            if starts(with: "<?", at: index) {
                throw refuse(starts(with: "<?xml", at: index) || startsCaseInsensitive(with: "<?XML", at: index)
                    ? "the XML declaration must come first"
                    : "a processing instruction (<?…?>) is not allowed in VAST")
            }
            return false
        }

        /// `<?xml version="1.x" encoding="…" standalone="…"?>`, as XML 1.0 writes it: `version` first,
        /// then `encoding`, then `standalone`, the last two optional, each once.
        private mutating func declaration() throws(SyntaxError) {
            index += 5
            let pseudoAttributes: [StaticString] = ["version", "encoding", "standalone"]
            var expected = 0  // the first of `pseudoAttributes` that may come next
            while true {
                let hadSpace = skipWhitespace()
                if starts(with: "?>", at: index) {
                    guard expected > 0 else { throw fail("an XML declaration without a version") }
                    index += 2
                    return
                }
                guard hadSpace, index < count else { throw fail("a malformed XML declaration") }
                let nameStart = index
                while index < count, Self.isASCIILetter(bytes[index]) { index += 1 }
                guard let which = pseudoAttributes.firstIndex(where: { equals($0, nameStart, index - nameStart) }),
                      expected == 0 ? which == 0 : which >= expected else {
                    throw fail("a malformed XML declaration (version, then encoding, then standalone, each once)", at: nameStart)
                }
                expected = which + 1
                skipWhitespace()
                guard byte(at: index) == UInt8(ascii: "=") else { throw fail("a malformed XML declaration") }
                index += 1
                skipWhitespace()
                let quote = byte(at: index)
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw fail("a malformed XML declaration") }
                let valueStart = index + 1
                index = valueStart
                while index < count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { index += 1 }
                guard index < count, bytes[index] == quote else { throw fail("a malformed XML declaration") }
                let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<index])
                index += 1
                switch which {
                case 0:
                    // VersionNum ::= '1.' [0-9]+
                    guard value.count > 2, value[0] == UInt8(ascii: "1"), value[1] == UInt8(ascii: "."),
                          value.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                        throw fail("XML version \"\(String(decoding: value, as: UTF8.self))\" is not read", at: valueStart)
                    }
                case 1:
                    // EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
                    guard let first = value.first, Self.isASCIILetter(first), value.dropFirst().allSatisfy(Self.isEncodingNameByte) else {
                        throw fail("a malformed encoding name in the XML declaration", at: valueStart)
                    }
                    let encoding = String(decoding: value, as: UTF8.self)
                    let lowered = encoding.lowercased()
                    if lowered != "utf-8" && lowered != "utf8" && !isASCII {
                        throw refuse("only UTF-8 VAST documents are read (this one declares \(encoding))")
                    }
                default:
                    guard value.elementsEqual("yes".utf8) || value.elementsEqual("no".utf8) else {
                        throw fail("standalone must be \"yes\" or \"no\" in the XML declaration", at: valueStart)
                    }
                }
            }
        }

        /// `<!-- … -->`; `--` may not appear inside.
        private mutating func comment() throws(SyntaxError) {
            let start = index
            index += 4
            while index + 1 < count {
                if bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-") {
                    guard byte(at: index + 2) == UInt8(ascii: ">") else { throw fail("'--' inside a comment") }
                    index += 3
                    return
                }
                index += 1
            }
            throw fail("a comment that never ends", at: start)
        }

        // MARK: Elements

        /// A start tag at `index` (just before `<`); opens the element, or adds it whole when empty.
        private mutating func element() throws(SyntaxError) {
            index += 1
            let nameStart = index
            try name()
            let nameCount = index - nameStart
            guard tree.nodes.count < limits.maxElements else { throw refuse("more than \(limits.maxElements) elements") }
            guard openElements.count < limits.maxDepth else { throw refuse("elements nested deeper than \(limits.maxDepth)") }
            let node = VASTXMLTree.NodeIndex(tree.nodes.count)
            let name = names.name(bytes.baseAddress! + nameStart, nameCount)
            let qualifiedName = store(nameStart, nameCount)
            let firstAttribute = Int32(tree.attributes.count)
            try attributes()
            tree.nodes.append(VASTXMLTree.Node(
                name: name, qualifiedName: qualifiedName, firstAttribute: firstAttribute,
                attributeCount: Int32(tree.attributes.count) - firstAttribute
            ))
            if let parent = openElements.indices.last {
                let previous = openElements[parent].lastChild
                if previous >= 0 {
                    tree.nodes[Int(previous)].nextSibling = node
                } else {
                    tree.nodes[Int(openElements[parent].node)].firstChild = node
                }
                openElements[parent].lastChild = node
            }
            if byte(at: index) == UInt8(ascii: "/") {
                guard byte(at: index + 1) == UInt8(ascii: ">") else { throw fail("a malformed start tag") }
                index += 2
                let empty = Int32(tree.bytes.count)
                tree.nodes[Int(node)].text = VASTXMLTree.Span(start: empty, end: empty)
                return
            }
            index += 1  // `>`
            openElements.append(OpenElement(node: node, nameStart: nameStart, nameCount: nameCount, textStart: pendingText.count))
        }

        /// The attributes of a start tag; stops before `>` or `/>`.
        private mutating func attributes() throws(SyntaxError) {
            let first = tree.attributes.count
            while true {
                let hadSpace = skipWhitespace()
                guard index < count else { throw fail("the document ends inside a start tag") }
                let next = bytes[index]
                if next == UInt8(ascii: ">") || next == UInt8(ascii: "/") { return }
                guard hadSpace else { throw fail("attributes must be separated by whitespace") }
                let nameStart = index
                try name()
                let nameCount = index - nameStart
                skipWhitespace()
                guard byte(at: index) == UInt8(ascii: "=") else { throw fail("an attribute without a value") }
                index += 1
                skipWhitespace()
                let quote = byte(at: index)
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw fail("an attribute value without quotes") }
                index += 1
                let valueStart = tree.bytes.count
                try attributeValue(quote: quote)
                let value = VASTXMLTree.Span(start: Int32(valueStart), end: Int32(tree.bytes.count))
                let earlier = tree.attributes.count - first
                if earlier < Self.attributesCheckedPairwise {
                    for other in first..<tree.attributes.count where sameName(tree.attributes[other].qualifiedName, nameStart, nameCount) {
                        throw fail("a repeated attribute", at: nameStart)
                    }
                } else {
                    if earlier == Self.attributesCheckedPairwise { indexAttributes(from: first) }
                    guard insertAttribute(Int32(tree.attributes.count), nameStart: nameStart, nameCount: nameCount, first: first) else {
                        throw fail("a repeated attribute", at: nameStart)
                    }
                }
                let base = bytes.baseAddress! + nameStart
                tree.attributes.append(VASTXMLTree.Attribute(
                    name: names.name(base, nameCount),
                    isPrefixed: UnsafeBufferPointer(start: base, count: nameCount).contains(UInt8(ascii: ":")),
                    qualifiedName: store(nameStart, nameCount), value: value
                ))
            }
        }

        /// An attribute value up to its closing quote, decoded into `tree.bytes`.
        private mutating func attributeValue(quote: UInt8) throws(SyntaxError) {
            var runStart = index
            while index < count {
                let byte = bytes[index]
                if byte == quote {
                    tree.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    index += 1
                    return
                }
                switch byte {
                case UInt8(ascii: "<"):
                    throw fail("'<' inside an attribute value")
                case UInt8(ascii: "&"):
                    tree.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    let scalar = try reference()
                    Self.append(scalar, to: &tree.bytes)
                    runStart = index
                case 0x09, 0x0A, 0x0D:
                    tree.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    tree.bytes.append(0x20)
                    // CR LF is one line end, hence one space.
                    index += byte == 0x0D && self.byte(at: index + 1) == 0x0A ? 2 : 1
                    runStart = index
                default:
                    index += 1
                }
            }
            throw fail("an attribute value that never ends")
        }

        /// Puts the attributes of the tag being read, from `first` on, in `attributeSlots`.
        private mutating func indexAttributes(from first: Int) {
            attributeSlots.removeAll(keepingCapacity: true)
            attributeSlots.append(contentsOf: repeatElement(-1, count: 64))
            for attribute in first..<tree.attributes.count {
                placeAttribute(Int32(attribute))
            }
        }

        /// Adds attribute number `attribute` (not yet in `tree.attributes`), whose name is the
        /// document's `nameCount` bytes at `nameStart`; `false` when an earlier one has that name.
        private mutating func insertAttribute(_ attribute: Int32, nameStart: Int, nameCount: Int, first: Int) -> Bool {
            if (attribute - Int32(first) + 1) * 2 > Int32(attributeSlots.count) {
                // Past half full: twice the slots, every name placed again (amortised: linear).
                let size = attributeSlots.count * 2
                attributeSlots.removeAll(keepingCapacity: true)
                attributeSlots.append(contentsOf: repeatElement(-1, count: size))
                for earlier in first..<Int(attribute) { placeAttribute(Int32(earlier)) }
            }
            let mask = attributeSlots.count - 1
            var slot = Self.hash(bytes.baseAddress! + nameStart, nameCount) & mask
            while attributeSlots[slot] >= 0 {
                if sameName(tree.attributes[Int(attributeSlots[slot])].qualifiedName, nameStart, nameCount) { return false }
                slot = (slot + 1) & mask
            }
            attributeSlots[slot] = attribute
            return true
        }

        /// Puts attribute number `attribute`, already in `tree.attributes`, in a free slot.
        private mutating func placeAttribute(_ attribute: Int32) {
            let span = tree.attributes[Int(attribute)].qualifiedName
            let mask = attributeSlots.count - 1
            var slot = tree.bytes.withUnsafeBufferPointer {
                Self.hash($0.baseAddress! + Int(span.start), Int(span.end - span.start))
            } & mask
            while attributeSlots[slot] >= 0 { slot = (slot + 1) & mask }
            attributeSlots[slot] = attribute
        }

        private static func hash(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(start: start, count: count))
            return hasher.finalize()
        }

        /// An XML name at `index`: ASCII name characters, and the non-ASCII ones XML 1.0 (fifth
        /// edition) allows; it ends before the first character that is not one.
        private mutating func name() throws(SyntaxError) {
            guard index < count else { throw fail("a malformed name") }
            let first = bytes[index]
            if first < 0x80 {
                guard Self.isASCIINameStartByte(first) else { throw fail("a malformed name") }
                index += 1
            } else {
                let (scalar, length) = scalar(at: index)
                guard Self.isNameStartCharacter(scalar) else { throw fail("a malformed name: U+\(String(scalar, radix: 16, uppercase: true)) cannot start one") }
                index += length
            }
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard Self.isASCIINameByte(byte) else { return }
                    index += 1
                } else {
                    let (scalar, length) = scalar(at: index)
                    guard Self.isNameCharacter(scalar) else { return }
                    index += length
                }
            }
        }

        /// The character whose UTF-8 starts at `offset`, and its length (`VASTXMLCharacters` checked
        /// every sequence before the markup is read, so the lead byte tells the length).
        private func scalar(at offset: Int) -> (UInt32, Int) {
            let lead = UInt32(bytes[offset])
            func continuation(_ position: Int) -> UInt32 { UInt32(bytes[offset + position] & 0x3F) }
            switch lead {
            case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
            case 0xE0..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
            default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
            }
        }

        // MARK: Content

        /// Everything inside the root element, up to and including its end tag.
        private mutating func content() throws(SyntaxError) {
            while let current = openElements.last {
                var runStart = index
                // Character data up to the next markup.
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "<") { break }
                    if byte == UInt8(ascii: "&") {
                        pendingText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                        let scalar = try reference()
                        Self.append(scalar, to: &pendingText)
                        runStart = index
                    } else if byte == 0x0D {
                        pendingText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                        pendingText.append(0x0A)
                        index += self.byte(at: index + 1) == 0x0A ? 2 : 1
                        runStart = index
                    } else if byte == UInt8(ascii: "]") && starts(with: "]]>", at: index) {
                        throw fail("']]>' outside a CDATA section")
                    } else {
                        index += 1
                    }
                }
                pendingText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                guard index + 1 < count else {
                    throw fail("the document ends before </\(string(current.nameStart, current.nameCount))>")
                }
                switch bytes[index + 1] {
                case UInt8(ascii: "/"):
                    try endTag()
                case UInt8(ascii: "!"):
                    if starts(with: "<!--", at: index) {
                        try comment()
                    } else if starts(with: "<![CDATA[", at: index) {
                        try cdata()
                    } else {
                        _ = try refuseMarkupDeclaration()
                    }
                case UInt8(ascii: "?"):
                    _ = try refuseMarkupDeclaration()
                default:
                    try element()
                }
            }
        }

        /// `</name>` closing the innermost open element.
        private mutating func endTag() throws(SyntaxError) {
            let current = openElements[openElements.count - 1]
            index += 2
            let nameStart = index
            try name()
            guard index - nameStart == current.nameCount,
                  memcmp(bytes.baseAddress! + nameStart, bytes.baseAddress! + current.nameStart, current.nameCount) == 0 else {
                throw fail("</\(string(nameStart, index - nameStart))> does not close <\(string(current.nameStart, current.nameCount))>", at: nameStart)
            }
            skipWhitespace()
            guard byte(at: index) == UInt8(ascii: ">") else { throw fail("a malformed end tag") }
            index += 1
            let start = Int32(tree.bytes.count)
            tree.bytes.append(contentsOf: pendingText[current.textStart...])
            tree.nodes[Int(current.node)].text = VASTXMLTree.Span(start: start, end: Int32(tree.bytes.count))
            pendingText.removeSubrange(current.textStart...)
            openElements.removeLast()
        }

        /// `<![CDATA[ … ]]>`, its bytes kept as text (line ends normalised).
        private mutating func cdata() throws(SyntaxError) {
            let start = index
            index += 9
            var runStart = index
            while index + 2 < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "]") && bytes[index + 1] == UInt8(ascii: "]") && bytes[index + 2] == UInt8(ascii: ">") {
                    pendingText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    index += 3
                    return
                }
                if byte == 0x0D {
                    pendingText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    pendingText.append(0x0A)
                    index += bytes[index + 1] == 0x0A ? 2 : 1
                    runStart = index
                } else {
                    index += 1
                }
            }
            throw fail("a CDATA section that never ends", at: start)
        }

        /// The character of the `&name;` or `&#…;` at `index`, which it steps over.
        private mutating func reference() throws(SyntaxError) -> Unicode.Scalar {
            let start = index
            index += 1
            if byte(at: index) == UInt8(ascii: "#") {
                index += 1
                let hex = byte(at: index) == UInt8(ascii: "x")
                if hex { index += 1 }
                var scalar: UInt32 = 0
                let digitsStart = index
                while index < count, let digit = Self.digit(bytes[index], hex: hex) {
                    scalar = scalar * (hex ? 16 : 10) + digit
                    guard scalar <= 0x10FFFF else { throw fail("a character reference past U+10FFFF", at: start) }
                    index += 1
                }
                guard index > digitsStart, byte(at: index) == UInt8(ascii: ";") else { throw fail("a malformed character reference", at: start) }
                guard VASTXMLCharacters.isXMLCharacter(scalar), let value = Unicode.Scalar(scalar) else {
                    throw fail("a character reference to a character XML forbids", at: start)
                }
                index += 1
                return value
            }
            for (name, character) in Self.predefinedEntities where starts(with: name, at: index) {
                index += name.utf8CodeUnitCount
                return character
            }
            throw fail("an undeclared entity (only &lt; &gt; &amp; &apos; &quot; and character references are read)", at: start)
        }

        private static let predefinedEntities: [(StaticString, Unicode.Scalar)] = [
            ("amp;", "&"), ("lt;", "<"), ("gt;", ">"), ("quot;", "\""), ("apos;", "'"),
        ]

        /// Appends `scalar` as UTF-8.
        private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                output.append(UInt8(value))
            case 0x80..<0x800:
                output.append(UInt8(0xC0 | value >> 6))
                output.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                output.append(UInt8(0xE0 | value >> 12))
                output.append(UInt8(0x80 | value >> 6 & 0x3F))
                output.append(UInt8(0x80 | value & 0x3F))
            default:
                output.append(UInt8(0xF0 | value >> 18))
                output.append(UInt8(0x80 | value >> 12 & 0x3F))
                output.append(UInt8(0x80 | value >> 6 & 0x3F))
                output.append(UInt8(0x80 | value & 0x3F))
            }
        }

        // MARK: Helpers

        /// Copies `count` document bytes at `start` into the tree's buffer.
        private mutating func store(_ start: Int, _ count: Int) -> VASTXMLTree.Span {
            let spanStart = Int32(tree.bytes.count)
            tree.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + count]))
            return VASTXMLTree.Span(start: spanStart, end: Int32(tree.bytes.count))
        }

        /// Whether the `length` document bytes at `offset` are `literal`.
        private func equals(_ literal: StaticString, _ offset: Int, _ length: Int) -> Bool {
            literal.utf8CodeUnitCount == length && starts(with: literal, at: offset)
        }

        /// Whether the stored name `span` is the document's `count` bytes at `offset` (counted).
        private mutating func sameName(_ span: VASTXMLTree.Span, _ offset: Int, _ count: Int) -> Bool {
            guard Int(span.end - span.start) == count else { return false }
            nameComparisons += 1
            return equalStored(span, offset)
        }

        private func equalStored(_ span: VASTXMLTree.Span, _ documentOffset: Int) -> Bool {
            tree.bytes.withUnsafeBufferPointer {
                memcmp($0.baseAddress! + Int(span.start), bytes.baseAddress! + documentOffset, Int(span.end - span.start)) == 0
            }
        }

        private func string(_ start: Int, _ count: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
        }

        private static func isASCIILetter(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        }

        private static func isASCIINameStartByte(_ byte: UInt8) -> Bool {
            isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
        }

        private static func isASCIINameByte(_ byte: UInt8) -> Bool {
            isASCIINameStartByte(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }

        /// `[A-Za-z0-9._-]`: the bytes of an encoding name after its first.
        private static func isEncodingNameByte(_ byte: UInt8) -> Bool {
            isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }

        /// XML 1.0 (fifth edition) NameStartChar, above ASCII.
        static func isNameStartCharacter(_ scalar: UInt32) -> Bool {
            switch scalar {
            case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
                 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
                return true
            default:
                return false
            }
        }

        /// XML 1.0 (fifth edition) NameChar, above ASCII.
        static func isNameCharacter(_ scalar: UInt32) -> Bool {
            isNameStartCharacter(scalar) || scalar == 0xB7 || (0x300...0x36F).contains(scalar) || (0x203F...0x2040).contains(scalar)
        }

        private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
            switch byte {
            case 0x30...0x39: return UInt32(byte - 0x30)
            case 0x61...0x66 where hex: return UInt32(byte - 0x61 + 10)
            case 0x41...0x46 where hex: return UInt32(byte - 0x41 + 10)
            default: return nil
            }
        }
    }
}
