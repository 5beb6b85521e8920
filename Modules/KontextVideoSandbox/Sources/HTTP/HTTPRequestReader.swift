import Foundation

/// Reads one HTTP/1.1 request off a connected socket: request line, header fields, and a
/// body framed by `Content-Length` or chunked transfer coding.
struct HTTPRequestReader {
    /// What came off the socket.
    enum Outcome {
        /// A complete request.
        case request(HTTPRequest)
        /// The peer closed (or the read failed) before a complete request.
        case closed
        /// A malformed or oversized request, to be answered with this status.
        case invalid(status: Int)
    }

    /// The largest request head accepted (request line plus header fields).
    static let maximumHeadLength = 64 * 1024

    let fd: Int32
    /// The largest request body accepted; a larger one is answered with 413.
    let maximumBodyLength: Int
    private var buffer = Data()

    init(fd: Int32, maximumBodyLength: Int) {
        self.fd = fd
        self.maximumBodyLength = maximumBodyLength
    }

    /// Reads the next request.
    mutating func read() -> Outcome {
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while true {
            headEnd = buffer.range(of: separator)
            if headEnd != nil { break }
            if buffer.count > Self.maximumHeadLength { return .invalid(status: 431) }
            guard fill() else { return .closed }
        }
        if let headEnd, headEnd.lowerBound - buffer.startIndex > Self.maximumHeadLength { return .invalid(status: 431) }
        guard let headEnd, let head = String(data: buffer[buffer.startIndex..<headEnd.lowerBound], encoding: .utf8) else {
            return .invalid(status: 400)
        }
        buffer.removeSubrange(buffer.startIndex..<headEnd.upperBound)

        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .invalid(status: 400) }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .invalid(status: 400) }
            let name = line[line.startIndex..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return .invalid(status: 400) }
            fields.append((name, value))
        }
        var request = HTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headerFields: fields)

        let chunked = request.header("Transfer-Encoding")?.lowercased().contains("chunked") ?? false
        var length = 0
        if let text = request.header("Content-Length") {
            guard let value = Int(text), value >= 0 else { return .invalid(status: 400) }
            length = value
        }
        if !chunked && length > maximumBodyLength { return .invalid(status: 413) }
        if request.header("Expect")?.lowercased() == "100-continue" && (chunked || length > 0) {
            Socket.write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        if chunked {
            switch readChunkedBody() {
            case .success(let body): request.body = body
            case .failure(let failure): return failure.outcome
            }
        } else if length > 0 {
            while buffer.count < length {
                guard fill() else { return .closed }
            }
            request.body = Data(buffer.prefix(length))
            buffer.removeFirst(length)
        }
        return .request(request)
    }

    private struct ReadFailure: Error {
        let outcome: Outcome
    }

    private mutating func readChunkedBody() -> Result<Data, ReadFailure> {
        var body = Data()
        while true {
            guard let sizeLine = readLine() else { return .failure(ReadFailure(outcome: .closed)) }
            let hex = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(hex, radix: 16), size >= 0 else { return .failure(ReadFailure(outcome: .invalid(status: 400))) }
            if size == 0 {
                while let trailer = readLine(), !trailer.isEmpty {}
                return .success(body)
            }
            if body.count + size > maximumBodyLength { return .failure(ReadFailure(outcome: .invalid(status: 413))) }
            while buffer.count < size + 2 {
                guard fill() else { return .failure(ReadFailure(outcome: .closed)) }
            }
            body.append(buffer.prefix(size))
            buffer.removeFirst(size + 2)
        }
    }

    private mutating func readLine() -> String? {
        let crlf = Data("\r\n".utf8)
        while true {
            if let range = buffer.range(of: crlf) {
                let line = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex..<range.upperBound)
                return line
            }
            if buffer.count > Self.maximumHeadLength { return nil }
            guard fill() else { return nil }
        }
    }

    /// Appends what the socket has; `false` at end of stream or on error.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { Socket.read(fd, into: $0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }
}
