import Foundation

/// Checks and normalises what comes before a VAST document's root element, before `XMLParser` sees it.
///
/// Policy:
/// - A UTF-8 byte-order mark, whitespace and comments before the `<?xml …?>` declaration are
///   removed (prebid's `VAST_Empty_Response.xml` starts with a comment, which strict XML
///   forbids; players that serve such tags expect them to load, so we accept them).
/// - A document type declaration (`<!DOCTYPE`) anywhere in the prologue is refused with
///   VAST error 100: VAST never needs one, and refusing it rules out external entities and
///   entity-expansion bombs before any parsing. (`<!DOCTYPE html>` inside a CDATA
///   `HTMLResource` is after the root element starts and is untouched.)
/// - Documents larger than `maxBytes` (2 MiB by default) are refused with 100, and so are
///   UTF-16 and UTF-32 documents (VAST is served as UTF-8).
enum VASTXMLPrologue {
    /// Returns the bytes to hand to `XMLParser`, or the VAST error 100 that refuses them.
    static func prepare(_ data: Data, maxBytes: Int) -> Result<Data, VASTError> {
        guard data.count <= maxBytes else {
            return .failure(VASTError(.xmlParsing, "document is \(data.count) bytes, over the \(maxBytes)-byte limit"))
        }
        let bytes = [UInt8](data.prefix(64 * 1024))
        // UTF-16 and UTF-32 (by byte-order mark, or a `<` followed by a zero byte) would hide a
        // DOCTYPE from the checks below; VAST is served as UTF-8, so refuse them outright.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
            || (bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0)) {
            return .failure(VASTError(.xmlParsing, "only UTF-8 VAST documents are read"))
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let contentStart = index
        var sawComment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else { break }
            if matches(bytes, at: index, "<!--") {
                guard let end = find(bytes, "-->", from: index + 4) else { return unfinished(data, scanned: bytes.count) }
                sawComment = true
                index = end + 3
            } else if matches(bytes, at: index, "<?xml"), index + 5 < bytes.count,
                      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5]) {
                // The declaration: drop whatever came before it (comments, whitespace, BOM).
                let declarationStart = index
                guard let end = find(bytes, "?>", from: index) else { return unfinished(data, scanned: bytes.count) }
                index = end + 2
                if declarationStart != contentStart || sawComment {
                    let trimmed = data.subdata(in: (data.startIndex + declarationStart)..<data.endIndex)
                    return refuseDoctype(bytes, from: index).map { .failure($0) } ?? .success(trimmed)
                }
            } else if matches(bytes, at: index, "<?") {
                guard let end = find(bytes, "?>", from: index) else { return unfinished(data, scanned: bytes.count) }
                index = end + 2
            } else if matchesCaseInsensitive(bytes, at: index, "<!DOCTYPE") {
                return .failure(VASTError(.xmlParsing, "a DTD (<!DOCTYPE>) is not allowed in VAST"))
            } else {
                break
            }
        }
        return index >= bytes.count ? unfinished(data, scanned: bytes.count) : .success(data)
    }

    /// The prologue did not end inside the scanned window: refuse when the window was cut short.
    private static func unfinished(_ data: Data, scanned: Int) -> Result<Data, VASTError> {
        scanned < data.count
            ? .failure(VASTError(.xmlParsing, "the prologue before the root element is too long"))
            : .success(data)
    }

    private static func refuseDoctype(_ bytes: [UInt8], from start: Int) -> VASTError? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if matches(bytes, at: index, "<!--") {
                guard let end = find(bytes, "-->", from: index + 4) else { return nil }
                index = end + 3
            } else if matches(bytes, at: index, "<?") {
                guard let end = find(bytes, "?>", from: index) else { return nil }
                index = end + 2
            } else if matchesCaseInsensitive(bytes, at: index, "<!DOCTYPE") {
                return VASTError(.xmlParsing, "a DTD (<!DOCTYPE>) is not allowed in VAST")
            } else {
                return nil
            }
        }
        return nil
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    private static func matchesCaseInsensitive(_ bytes: [UInt8], at index: Int, _ literal: String) -> Bool {
        let pattern = Array(literal.uppercased().utf8)
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count {
            var byte = bytes[index + offset]
            if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    private static func find(_ bytes: [UInt8], _ literal: String, from start: Int) -> Int? {
        let pattern = Array(literal.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if matches(bytes, at: index, literal) { return index }
            index += 1
        }
        return nil
    }
}
