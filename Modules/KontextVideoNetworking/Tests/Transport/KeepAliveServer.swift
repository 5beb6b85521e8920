import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KontextVideoConcurrency
import Testing

/// A loopback HTTP/1.1 server that keeps connections alive and closes a connection, without
/// answering, when a second request arrives on it: the server-side idle close that races a
/// client reusing the connection. It records, per connection, the requests whose body arrived
/// and those whose headers came without their body (what Linux's URLSession sends when it
/// retries on a fresh connection).
final class KeepAliveServer: Sendable {
    struct Record: Sendable, Equatable {
        var connection: Int
        var body: String?
    }

    let port: UInt16
    private let listener: Int32
    private let records = LockedState<[Record]>([])

    init() throws {
        let (descriptor, port) = try boundLoopbackSocket()
        try #require(listen(descriptor, 16) == 0)
        listener = descriptor
        self.port = port
        let records = self.records
        Thread.detachNewThread {
            var number = 0
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                number += 1
                let id = number
                Thread.detachNewThread { Self.serve(connection, id: id, records: records) }
            }
        }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/video/preload")! }

    /// What arrived, in order.
    var requests: [Record] { records.snapshot }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ connection: Int32, id: Int, records: LockedState<[Record]>) {
        defer { close(connection) }
        var buffer = [UInt8]()
        var served = 0
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else {
                // The client gave up, or sent headers whose body never came.
                if let head = headerEnd(buffer), contentLength(buffer[..<head]) > 0 {
                    records.withLock { $0.append(Record(connection: id, body: nil)) }
                }
                return
            }
            buffer += chunk[..<count]
            while let head = headerEnd(buffer) {
                let length = contentLength(buffer[..<head])
                guard buffer.count >= head + 4 + length else { break }
                let body = String(decoding: buffer[(head + 4)..<(head + 4 + length)], as: UTF8.self)
                buffer.removeFirst(head + 4 + length)
                records.withLock { $0.append(Record(connection: id, body: body)) }
                served += 1
                if served == 2 { return }   // closed without an answer
                let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}"
                _ = answer.utf8CString.withUnsafeBufferPointer { send(connection, $0.baseAddress, $0.count - 1, 0) }
            }
        }
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) else { return 0 }
        return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
}
