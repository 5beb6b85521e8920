/// Checks that a document is UTF-8 made of XML characters, before any markup is read: after this pass
/// the reader only looks at ASCII bytes, and every run it copies is a valid string.
///
/// Refused: malformed, overlong or truncated sequences, surrogates, code points past U+10FFFF, the
/// control characters XML forbids (all below U+0020 but tab, line feed and carriage return), and
/// U+FFFE and U+FFFF.
enum VASTXMLCharacters {
    /// The outcome of the check.
    struct Report {
        /// The offset of the first byte that is not part of an XML character, or `nil` when all are.
        var invalidOffset: Int?
        /// Whether every byte is ASCII.
        var isASCII: Bool
    }

    /// Checks `count` bytes at `bytes`.
    static func check(_ bytes: UnsafePointer<UInt8>, count: Int) -> Report {
        var index = 0
        var isASCII = true
        while index < count {
            // Eight ASCII bytes at a time, none of them a control character.
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if word & high == 0 && (word &- 0x2020_2020_2020_2020) & ~word & high == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    return Report(invalidOffset: index, isASCII: false)
                }
                index += 1
                continue
            }
            isASCII = false
            guard let length = sequenceLength(bytes + index, available: count - index) else {
                return Report(invalidOffset: index, isASCII: false)
            }
            index += length
        }
        return Report(invalidOffset: nil, isASCII: isASCII)
    }

    /// The length of the well-formed multi-byte sequence at `bytes` that encodes an XML character, or `nil`.
    private static func sequenceLength(_ bytes: UnsafePointer<UInt8>, available: Int) -> Int? {
        func continuation(_ offset: Int) -> Bool {
            offset < available && bytes[offset] & 0xC0 == 0x80
        }
        let lead = bytes[0]
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0...0xEF:
            guard continuation(1), continuation(2) else { return nil }
            let second = bytes[1]
            if lead == 0xE0 && second < 0xA0 { return nil }  // overlong
            if lead == 0xED && second > 0x9F { return nil }  // a surrogate
            if lead == 0xEF && second == 0xBF && bytes[2] >= 0xBE { return nil }  // U+FFFE, U+FFFF
            return 3
        case 0xF0...0xF4:
            guard continuation(1), continuation(2), continuation(3) else { return nil }
            let second = bytes[1]
            if lead == 0xF0 && second < 0x90 { return nil }  // overlong
            if lead == 0xF4 && second > 0x8F { return nil }  // past U+10FFFF
            return 4
        default:
            return nil
        }
    }

    /// Whether `scalar` is an XML character (what a character reference may name).
    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
