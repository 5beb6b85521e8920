/// Writes JSON straight into bytes: the one writer of an event's JSON (`WireEvent`'s bytes, which
/// the journal stores and the batch body splices in), of the journal's lines and of its snapshot.
/// Every event the app's calls cause is written down on the caller's thread before the call
/// returns (often the main actor); `JSONEncoder` costs about 18 µs per line there, this about
/// 1 µs. Its output is read back with `JSONDecoder`, and numbers are spelled as `JSONEncoder`
/// spells them, so a value reads back the same whichever wrote it.
package struct JSONLineWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer that allocates nothing until written to (the nested writers of `object`
    /// and `array`, which take their parent's bytes over at once).
    private init(unreserved: ()) {}

    /// A writer that takes `storage` over (leaving it empty), empties it and keeps its capacity: a
    /// caller that writes a line per call reuses one buffer instead of allocating one each time.
    /// Taken, not copied, so the writer holds the buffer alone and never copies it on write.
    package init(reusing storage: inout [UInt8]) {
        swap(&bytes, &storage)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Gives the bytes written back, for the next `init(reusing:)`, and leaves the writer empty.
    package mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Writes one byte as it is: the newline between two lines, say.
    package mutating func raw(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Writes text that needs no escaping as it is: a line's fixed keys and punctuation
    /// (`{"id":`, `,"kind":`), copied whole where `object(_:)` and `member(_:_:)` would scan each
    /// key and call a closure per member (the entries of the queue, written on every event).
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes bytes already JSON as they are: an event's bytes spliced into a line or a body.
    package mutating func raw(bytes json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Writes `key` as it is (a fixed key with its comma and colon: `,"type":`), then `value` as a
    /// string: one member of a line written straight (`raw(_:)`).
    package mutating func member(_ key: StaticString, string value: String) {
        raw(key)
        string(value)
    }

    /// Writes `value` as a JSON string, escaping quotes, backslashes and control characters.
    package mutating func string(_ value: String) {
        bytes.append(0x22)
        var value = value
        // The string's own contiguous bytes (a native string's storage; a bridged one is made
        // native once): scanned in one tight loop, and, as ids, names and URLs rarely need
        // escaping, copied whole. Iterating `utf8` instead costs an iterator step per byte.
        value.withUTF8 { utf8 in
            var isPlain = true
            for byte in utf8 where byte == 0x22 || byte == 0x5C || byte < 0x20 {
                isPlain = false
                break
            }
            guard !isPlain else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x00..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(0x22)
    }

    /// Writes an integer.
    package mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a number: integral values without a fraction (as `JSONEncoder` does), others in
    /// Swift's shortest round-trip form; a non-finite number (JSON has none) is written as 0.
    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(0x30)
            return
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            integer(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes `null`.
    package mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes an object whose members `body` writes through `member(_:)`.
    package mutating func object(_ body: (inout ObjectWriter) -> Void) {
        bytes.append(0x7B)
        // The bytes move into the member writer and back (swapped, never shared), so no append
        // ever finds them shared and copies them: one buffer for the whole line.
        var members = ObjectWriter(writer: JSONLineWriter(unreserved: ()))
        swap(&members.writer.bytes, &bytes)
        body(&members)
        swap(&members.writer.bytes, &bytes)
        bytes.append(0x7D)
    }

    /// Writes an array whose elements `body` writes through `element(_:)`.
    package mutating func array(_ body: (inout ArrayWriter) -> Void) {
        bytes.append(0x5B)
        var elements = ArrayWriter(writer: JSONLineWriter(unreserved: ()))
        swap(&elements.writer.bytes, &bytes)
        body(&elements)
        swap(&elements.writer.bytes, &bytes)
        bytes.append(0x5D)
    }

    /// Writes a `JSONValue`, object keys in sorted order.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let value): bool(value)
        case .integer(let value): integer(value)
        case .number(let value): number(value)
        case .string(let value): string(value)
        case .array(let values):
            array { elements in for value in values { elements.element { $0.value(value) } } }
        case .object(let members):
            object { object in
                // Sorted as pairs, so no key is hashed again to find its value; an event's details
                // are one or two members, which need no sort at all, and are found in one walk of
                // the table (each `startIndex` and `first` scanned its buckets again).
                if members.count <= 2 {
                    var low: (key: String, value: JSONValue)?
                    var high: (key: String, value: JSONValue)?
                    for member in members {
                        if let first = low {
                            (low, high) = first.key < member.key ? (first, member) : (member, first)
                        } else {
                            low = member
                        }
                    }
                    if let low { object.member(low.key) { $0.value(low.value) } }
                    if let high { object.member(high.key) { $0.value(high.value) } }
                } else {
                    for (key, value) in members.sorted(by: { $0.key < $1.key }) { object.member(key) { $0.value(value) } }
                }
            }
        }
    }

    /// Writes the members of one object, commas between them.
    package struct ObjectWriter {
        fileprivate var writer: JSONLineWriter
        private var isFirst = true

        fileprivate init(writer: JSONLineWriter) {
            self.writer = writer
        }

        /// Writes `"key":` and the value `body` writes.
        package mutating func member(_ key: String, _ body: (inout JSONLineWriter) -> Void) {
            if !isFirst { writer.bytes.append(0x2C) }
            isFirst = false
            writer.string(key)
            writer.bytes.append(0x3A)
            body(&writer)
        }
    }

    /// Writes the elements of one array, commas between them.
    package struct ArrayWriter {
        fileprivate var writer: JSONLineWriter
        private var isFirst = true

        fileprivate init(writer: JSONLineWriter) {
            self.writer = writer
        }

        /// Writes the value `body` writes.
        package mutating func element(_ body: (inout JSONLineWriter) -> Void) {
            if !isFirst { writer.bytes.append(0x2C) }
            isFirst = false
            body(&writer)
        }
    }
}
