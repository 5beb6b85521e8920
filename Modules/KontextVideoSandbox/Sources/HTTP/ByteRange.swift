import Foundation

/// One `Range: bytes=…` request header read against a body of known length (RFC 9110 §14):
/// what part of the body to send. `AVPlayer` fetches a progressive MP4 by ranges and needs
/// `206 Partial Content` answers; Apple's Safari Web Content Guide, "Configuring Your Server":
/// "HTTP servers hosting media files for iOS must support byte-range requests"
/// (developer.apple.com/library/archive/documentation/AppleApplications/Reference/SafariWebContent/CreatingVideoforSafarioniPhone/CreatingVideoforSafarioniPhone.html).
enum ByteRange: Equatable {
    /// No usable range (no header, another unit, several ranges, a malformed one): the whole
    /// body, `200` (RFC 9110 §14.2 lets a server ignore a range it does not honour).
    case whole
    /// The bytes `range` of the body: `206` with `Content-Range`.
    case part(ClosedRange<Int>)
    /// A range that starts past the end: `416` with `Content-Range: bytes */<length>`.
    case unsatisfiable

    /// The range `header` asks of a body of `length` bytes.
    init(header: String?, length: Int) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { self = .whole; return }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), !(first.isEmpty && last.isEmpty) else {
            self = .whole
            return
        }
        if first.isEmpty {
            // `bytes=-N`: the last N bytes.
            guard let suffix = Int(last) else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .part(max(0, length - suffix)...(length - 1))
            return
        }
        let end = last.isEmpty ? nil : (Int(last) ?? Int.max)
        if let end, let start = Int(first), end < start {
            self = .whole  // a last byte before the first: invalid, ignored (RFC 9110 §14.1.1)
            return
        }
        guard let start = Int(first), start < length else { self = .unsatisfiable; return }
        self = .part(start...min(end ?? length - 1, length - 1))
    }

    /// The answer to a `GET` of `body` with this range: every answer says `Accept-Ranges: bytes`.
    func response(_ body: Data, contentType: String) -> HTTPResponse {
        var headers = ["Content-Type": contentType, "Accept-Ranges": "bytes"]
        switch self {
        case .whole:
            return HTTPResponse(status: 200, headers: headers, body: body)
        case .part(let range):
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound)/\(body.count)"
            let start = body.startIndex + range.lowerBound
            return HTTPResponse(status: 206, headers: headers, body: Data(body[start..<(start + range.count)]))
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(body.count)"
            return HTTPResponse(status: 416, headers: headers)
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
