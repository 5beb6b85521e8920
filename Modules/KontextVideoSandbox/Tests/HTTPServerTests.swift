import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

@Suite("HTTPServer")
struct HTTPServerTests {
    /// A started server answering every request with `action`; stop it when done.
    private func server(_ action: @escaping @Sendable (HTTPRequest) -> HTTPResponseAction) throws -> HTTPServer {
        let server = HTTPServer(handler: action)
        try server.start()
        return server
    }

    @Test func bindsAnEphemeralLoopbackPort() throws {
        let server = try server { _ in .respond(.text("ok")) }
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        #expect(server.isRunning)
    }

    @Test func parsesTheRequestAndSendsTheResponse() async throws {
        let seen = LockedBox<HTTPRequest?>(nil)
        let server = try server { request in
            seen.set(request)
            return .respond(HTTPResponse(status: 201, headers: ["Content-Type": "text/plain", "X-Echo": request.header("x-probe") ?? "-"], body: request.body))
        }
        defer { server.stop() }
        let url = try #require(URL(string: "\(server.baseURL)/some/path%20x?a=1&b=two+words&c=%2F"))
        let (data, response) = try await LoopbackClient.send(url, method: "POST", headers: ["X-Probe": "yes", "Content-Type": "application/json"], body: Data("{\"k\":1}".utf8))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "X-Echo") == "yes")
        #expect(String(decoding: data, as: UTF8.self) == "{\"k\":1}")
        let request = try #require(seen.value)
        #expect(request.method == "POST")
        #expect(request.path == "/some/path x")
        #expect(request.rawQuery == "a=1&b=two+words&c=%2F")
        #expect(request.query == ["a": "1", "b": "two words", "c": "/"])
        #expect(request.header("content-type") == "application/json")
        #expect(request.headers["x-probe"] == "yes")
    }

    @Test func answersHeadWithoutABody() async throws {
        let server = try server { _ in .respond(.text("twelve bytes")) }
        defer { server.stop() }
        let (data, response) = try await LoopbackClient.send(server.baseURL, method: "HEAD")
        #expect(response.statusCode == 200)
        #expect(response.expectedContentLength == 12)
        #expect(data.isEmpty)
    }

    @Test func sendsArbitraryStatusesAndHeaders() async throws {
        let server = try server { request in
            switch request.path {
            case "/429": .respond(HTTPResponse(status: 429, headers: ["Retry-After": "7"]))
            case "/503": .respond(HTTPResponse(status: 503))
            default: .respond(HTTPResponse(status: 204))
            }
        }
        defer { server.stop() }
        let (_, limited) = try await LoopbackClient.send(server.baseURL.appendingPathComponent("429"))
        #expect(limited.statusCode == 429)
        #expect(limited.value(forHTTPHeaderField: "Retry-After") == "7")
        let (_, unavailable) = try await LoopbackClient.send(server.baseURL.appendingPathComponent("503"))
        #expect(unavailable.statusCode == 503)
        let (empty, noContent) = try await LoopbackClient.send(server.baseURL.appendingPathComponent("204"))
        #expect(noContent.statusCode == 204)
        #expect(empty.isEmpty)
    }

    @Test func holdsAResponseUntilTheGateIsReleased() async throws {
        let gate = ResponseGate()
        let server = try server { _ in .held(gate, then: .respond(.text("late"))) }
        defer { server.stop() }
        let answered = LockedBox(false)
        let request = Task {
            let (data, _) = try await LoopbackClient.send(server.baseURL)
            answered.set(true)
            return String(decoding: data, as: UTF8.self)
        }
        try await gate.waitUntilHeld()
        #expect(gate.heldCount == 1)
        #expect(!answered.value)
        #expect(!gate.isReleased)
        gate.release()
        #expect(try await request.value == "late")
        #expect(answered.value)
    }

    @Test func aReleasedGateLetsLaterResponsesThrough() async throws {
        let gate = ResponseGate()
        gate.release()
        let server = try server { _ in .held(gate, then: .respond(.text("now"))) }
        defer { server.stop() }
        let (data, _) = try await LoopbackClient.send(server.baseURL)
        #expect(String(decoding: data, as: UTF8.self) == "now")
        #expect(gate.heldCount == 1)
    }

    @Test func aHungRequestEndsWhenTheClientCancels() async throws {
        let arrived = ResponseGate()
        arrived.release()
        let server = try server { _ in .held(arrived, then: .hang) }
        let request = Task { await LoopbackClient.failure(server.baseURL) }
        try await arrived.waitUntilHeld()
        request.cancel()
        let failure = await request.value
        #expect(failure?.code == .cancelled)
        server.stop()
        #expect(server.openConnectionCount == 0)
    }

    @Test func stoppingFreesHeldAndHungConnections() async throws {
        let gate = ResponseGate()
        let hung = ResponseGate()
        hung.release()
        let server = try server { request in
            request.path == "/hang" ? .held(hung, then: .hang) : .held(gate, then: .respond(.text("never")))
        }
        let held = Task { await LoopbackClient.failure(server.baseURL) }
        let hanging = Task { await LoopbackClient.failure(server.baseURL.appendingPathComponent("hang")) }
        try await gate.waitUntilHeld()
        try await hung.waitUntilHeld()
        #expect(server.openConnectionCount == 2)
        server.stop()
        #expect(server.openConnectionCount == 0)
        #expect(!server.isRunning)
        #expect(await held.value != nil)
        #expect(await hanging.value != nil)
    }

    @Test func aDroppedConnectionIsANetworkError() async throws {
        let server = try server { _ in .drop }
        defer { server.stop() }
        let failure = await LoopbackClient.failure(server.baseURL)
        #expect(failure != nil)
        #expect(failure?.code != .cancelled)
    }

    @Test func aResetConnectionIsANetworkError() async throws {
        let server = try server { _ in .reset }
        defer { server.stop() }
        #expect(await LoopbackClient.failure(server.baseURL) != nil)
    }

    @Test func aBodyCutShortIsANetworkError() async throws {
        let server = try server { _ in .cutShort(.text("{\"ad\": {\"id\""), declaredLength: 4096) }
        defer { server.stop() }
        #expect(await LoopbackClient.failure(server.baseURL) != nil)
    }

    @Test func streamsAHugeBody() async throws {
        let size = 10 * 1024 * 1024
        let server = try server { _ in .stream(status: 200, headers: ["Content-Type": "application/json"], byteCount: size, filler: 0x20) }
        defer { server.stop() }
        let (data, response) = try await LoopbackClient.send(server.baseURL)
        #expect(response.statusCode == 200)
        #expect(response.expectedContentLength == Int64(size))
        #expect(data.count == size)
        #expect(data.allSatisfy { $0 == 0x20 })
    }

    @Test func rejectsABodyOverTheLimitWith413() async throws {
        let server = HTTPServer(maximumBodyLength: 1024) { request in .respond(.text("\(request.body.count)")) }
        try server.start()
        defer { server.stop() }
        let (small, accepted) = try await LoopbackClient.send(server.baseURL, method: "POST", body: Data(count: 1000))
        #expect(accepted.statusCode == 200)
        #expect(String(decoding: small, as: UTF8.self) == "1000")
        let (_, rejected) = try await LoopbackClient.send(server.baseURL, method: "POST", body: Data(count: 4096))
        #expect(rejected.statusCode == 413)
    }

    @Test func acceptsALargeRequestBody() async throws {
        let server = try server { request in .respond(.text("\(request.body.count)")) }
        defer { server.stop() }
        let (data, _) = try await LoopbackClient.send(server.baseURL, method: "POST", body: Data(repeating: 7, count: 3 * 1024 * 1024))
        #expect(String(decoding: data, as: UTF8.self) == "\(3 * 1024 * 1024)")
    }

    @Test func startsAndStopsManyTimesWithoutLeaking() async throws {
        var ports: Set<UInt16> = []
        for round in 0..<40 {
            let server = try server { _ in .respond(.text("\(round)")) }
            ports.insert(server.port)
            if round.isMultiple(of: 4) {
                let (data, _) = try await LoopbackClient.send(server.baseURL)
                #expect(String(decoding: data, as: UTF8.self) == "\(round)")
            }
            server.stop()
            #expect(!server.isRunning)
        }
        // Only the servers' own sockets (their ports, on our side) are counted: the process's
        // descriptor count also moves with every test running beside this one.
        if let open = openSocketInodes() {
            let left = open.intersection(socketInodes(onLocalPorts: ports))
            #expect(left.isEmpty, "\(left.count) socket(s) of the stopped servers still open")
        }
    }

    @Test func aStoppedServerCannotRestartAndStopIsIdempotent() throws {
        let server = try server { _ in .respond(.text("ok")) }
        server.stop()
        server.stop()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func aTakenPortIsABindError() throws {
        let first = try server { _ in .respond(.text("ok")) }
        defer { first.stop() }
        let second = HTTPServer(port: first.port) { _ in .respond(.text("ok")) }
        #expect(throws: HTTPServerError.bind(host: "127.0.0.1", port: first.port, errno: EADDRINUSE)) { try second.start() }
    }

    @Test func readsAChunkedBodyAndAnswers100Continue() throws {
        let server = try server { request in .respond(.text("\(request.method) \(String(decoding: request.body, as: UTF8.self))")) }
        defer { server.stop() }
        let request = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
            + "5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: x\r\n\r\n"
        let answer = try #require(RawClient.exchange(port: server.port, Data(request.utf8)))
        #expect(answer.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Content-Length: 17\r\n"))
        #expect(answer.contains("Connection: close\r\n"))
        #expect(answer.hasSuffix("\r\n\r\nPOST hello, world"))
    }

    @Test(arguments: [
        ("NONSENSE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nno colon here\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: -4\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n", 431),
    ])
    func answersBadRequestsWithAnErrorStatus(request: String, status: Int) throws {
        let handled = LockedBox(false)
        let server = try server { _ in
            handled.set(true)
            return .respond(.text("ok"))
        }
        defer { server.stop() }
        let answer = try #require(RawClient.exchange(port: server.port, Data(request.utf8)))
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "))
        #expect(!handled.value)
    }

    @Test func aClientThatClosesEarlyIsIgnored() throws {
        let handled = LockedBox(false)
        let server = try server { _ in
            handled.set(true)
            return .respond(.text("ok"))
        }
        #expect(RawClient.exchange(port: server.port, Data("GET / HTTP/1.1\r\n".utf8)) == "")
        server.stop()
        #expect(!handled.value)
        #expect(server.openConnectionCount == 0)
    }

    @Test func droppingTheLastReferenceStopsTheServer() async throws {
        var server: HTTPServer? = try self.server { _ in .respond(.text("ok")) }
        let url = try #require(server?.baseURL)
        _ = try await LoopbackClient.send(url)
        server = nil
        let failure = await LoopbackClient.failure(url)
        #expect(failure?.code == .cannotConnectToHost)
    }

    /// The number of open file descriptors of this process (Linux), or `nil`.
    /// The inodes of the sockets this process holds open (`/proc/self/fd`), or `nil` without `/proc`.
    private func openSocketInodes() -> Set<String>? {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        var inodes: Set<String> = []
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
                  target.hasPrefix("socket:[") else { continue }
            inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
        }
        return inodes
    }

    /// The inodes of the TCP sockets whose local port is one of `ports` (`/proc/net/tcp` and
    /// `tcp6`: the local address is the second column, `address:port` in hex; the inode the tenth).
    private func socketInodes(onLocalPorts ports: Set<UInt16>) -> Set<String> {
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ")
                guard columns.count > 9, let portText = columns[1].split(separator: ":").last,
                      let port = UInt16(portText, radix: 16), ports.contains(port), columns[9] != "0" else { continue }
                inodes.insert(String(columns[9]))
            }
        }
        return inodes
    }
}
