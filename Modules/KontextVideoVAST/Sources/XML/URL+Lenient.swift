import Foundation

extension URL {
    /// A URL from the text of a VAST tag or a tracking template: trimmed; characters a URL may
    /// not hold (spaces, pipes, brackets of a macro nobody filled, quotes, non-ASCII …) are
    /// percent-encoded after the host; escapes already there (`%3A`) are kept exactly as they are.
    ///
    /// Foundation's own lenient parsing is not used for that: given one invalid character it
    /// re-encodes the whole string, `%` included, so a filled `[TIMESTAMP]` reached the tracker
    /// as `%253A` and was counted as garbage.
    package static func lenient(_ string: String, relativeTo base: URL? = nil) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let encoded = encodingInvalidCharacters(trimmed)
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }

    /// `text` with every byte a URL may not hold after its authority percent-encoded; valid
    /// `%XX` escapes are kept, a `%` that starts none is encoded.
    static func encodingInvalidCharacters(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // The scheme and authority (`https://host:port`, an IPv6 host's brackets included) stay.
        var start = 0
        if let colon = bytes.firstIndex(of: 0x3A), bytes[..<colon].allSatisfy(isSchemeByte),
           bytes.count > colon + 2, bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F {
            start = bytes[(colon + 3)...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? bytes.count
        }
        var out = [UInt8](bytes[..<start])
        out.reserveCapacity(bytes.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25, index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                out += bytes[index...(index + 2)]
                index += 3
                continue
            }
            if isAllowedAfterAuthority(byte) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// RFC 3986's unreserved characters, sub-delims and `: @ / ? #` (the delimiters paths,
    /// queries and fragments use). Not `[` `]`: only a host may hold them.
    private static func isAllowedAfterAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: true
        case 0x2D, 0x2E, 0x5F, 0x7E: true                                             // - . _ ~
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: true    // ! $ & ' ( ) * + , ; =
        case 0x3A, 0x40, 0x2F, 0x3F, 0x23: true                                        // : @ / ? #
        default: false
        }
    }
}
