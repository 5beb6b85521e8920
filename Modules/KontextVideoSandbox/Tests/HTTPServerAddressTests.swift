#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

/// The address a server listens on (`kontext-sandbox --host`). Only loopback addresses are ever
/// connected to here; a documentation address (198.51.100.7, RFC 5737) is only bound, which fails
/// before any packet could leave.
@Suite("HTTPServerAddress")
struct HTTPServerAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", "127.0.0.1", true, false),
        ("localhost", "127.0.0.1", "127.0.0.1", true, false),
        ("127.0.0.2", "127.0.0.2", "127.0.0.2", true, false),
        ("::1", "::1", "[::1]", true, false),
        ("[::1]", "::1", "[::1]", true, false),
        ("::ffff:127.0.0.1", "::ffff:127.0.0.1", "[::ffff:127.0.0.1]", true, false),
        ("192.168.1.20", "192.168.1.20", "192.168.1.20", false, false),
        ("fd00::2", "fd00::2", "[fd00::2]", false, false),
        ("0.0.0.0", "0.0.0.0", "0.0.0.0", false, true),
        ("::", "::", "[::]", false, true),
    ])
    func parsesNumericAddresses(text: String, canonical: String, urlHost: String, loopback: Bool, unspecified: Bool) throws {
        let address = try #require(HTTPServerAddress(text))
        #expect(address.description == canonical)
        #expect(address.urlHost == urlHost)
        #expect(address.isLoopback == loopback)
        #expect(address.isUnspecified == unspecified)
    }

    @Test(arguments: ["", "mymac.local", "192.168.1", "256.1.1.1", "fe80::1%en0", "http://127.0.0.1", "127.0.0.1:8080"])
    func refusesWhatIsNotANumericAddress(text: String) {
        #expect(HTTPServerAddress(text) == nil)
    }

    @Test func aServerOnIPv6LoopbackAnswersAndNamesItselfInBrackets() async throws {
        let server = HTTPServer(host: "::1") { _ in .respond(.text("v6")) }
        switch Result(catching: { () throws(HTTPServerError) in try server.start() }) {
        case .failure(.bind(_, _, EADDRNOTAVAIL)), .failure(.socket(EAFNOSUPPORT)):
            return  // a machine without IPv6 loopback (some containers): nothing to check here
        case .failure(let error):
            throw error
        case .success:
            break
        }
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "http://[::1]:\(server.port)")
        // Over a raw socket: swift-corelibs-foundation's URLSession refuses IPv6 literal hosts
        // (NSURLErrorBadURL), which Apple's accepts.
        let answer = try #require(Self.exchangeOverIPv6Loopback(port: server.port, "GET /x HTTP/1.1\r\nHost: [::1]\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.hasSuffix("\r\n\r\nv6"))
    }

    /// Sends `request` to `[::1]:port` and reads until the server closes.
    private static func exchangeOverIPv6Loopback(port: UInt16, _ request: String) -> String? {
        #if canImport(Darwin)
        let fd = socket(AF_INET6, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { return nil }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test func aSandboxOnAnotherLoopbackAddressServesAdsThatPointAtIt() async throws {
        // Linux routes all of 127.0.0.0/8 to loopback; macOS only 127.0.0.1 unless aliased.
        let started = Result { () throws(HTTPServerError) in try SandboxAdServer(host: "127.0.0.2") }
        if case .failure(.bind(_, _, EADDRNOTAVAIL)) = started { return }
        let server = try started.get()
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "http://127.0.0.2:\(server.port)")
        let (answer, status) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "pause"))
        #expect(status == 200)
        let url = try #require(answer?["ad"]?["creative"]?["url"]?.stringValue)
        #expect(url.hasPrefix("http://127.0.0.2:\(server.port)/"))
        let (_, response) = try await WireClient.get(url)
        #expect(response.statusCode == 200)
    }

    @Test func aBusyPortIsABindErrorThatSaysSo() throws {
        let first = HTTPServer { _ in .respond(.text("ok")) }
        try first.start()
        defer { first.stop() }
        let second = HTTPServer(port: first.port) { _ in .respond(.text("ok")) }
        #expect(throws: HTTPServerError.bind(host: "127.0.0.1", port: first.port, errno: EADDRINUSE)) { try second.start() }
        let error = HTTPServerError.bind(host: "127.0.0.1", port: first.port, errno: EADDRINUSE)
        #expect(error.description.hasPrefix("cannot listen on 127.0.0.1:\(first.port): "))
    }

    @Test func anAddressOfAnotherMachineCannotBeBound() throws {
        let server = HTTPServer(host: "198.51.100.7") { _ in .respond(.text("ok")) }
        #expect(throws: HTTPServerError.bind(host: "198.51.100.7", port: 0, errno: EADDRNOTAVAIL)) { try server.start() }
    }

    @Test func aHostNameIsRefusedBeforeAnySocket() throws {
        let server = HTTPServer(host: "mymac.local") { _ in .respond(.text("ok")) }
        #expect(throws: HTTPServerError.invalidAddress("mymac.local")) { try server.start() }
        #expect(HTTPServerError.invalidAddress("mymac.local").description == "mymac.local is not a numeric IPv4 or IPv6 address")
    }
}
