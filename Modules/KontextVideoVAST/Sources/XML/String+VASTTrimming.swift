import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)` or `(in: .whitespacesAndNewlines)`, without the call (a
    /// trip through `NSString` on Linux) when both ends are ASCII and neither is whitespace: the usual
    /// case for VAST attribute values and times.
    func trimmedForVAST(newlines: Bool) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        if Self.isPlainASCII(first, newlines: newlines) && Self.isPlainASCII(last, newlines: newlines) { return self }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// `caseInsensitiveCompare(other) == .orderedSame`, byte by byte when this string is ASCII.
    func equalsIgnoringCaseForVAST(_ other: String) -> Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return caseInsensitiveCompare(other) == .orderedSame }
        return utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8) { Self.fold($0) == Self.fold($1) }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// ASCII and not whitespace (nor, with `newlines`, a line break or other vertical space).
    private static func isPlainASCII(_ scalar: Unicode.Scalar, newlines: Bool) -> Bool {
        guard scalar.isASCII else { return false }
        switch scalar.value {
        case 0x20, 0x09: return false
        case 0x0A, 0x0B, 0x0C, 0x0D: return !newlines
        default: return true
        }
    }
}
