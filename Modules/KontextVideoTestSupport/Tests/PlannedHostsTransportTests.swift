import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideoNetworking
import KontextVideoTestSupport

@Suite("PlannedHostsTransport")
struct PlannedHostsTransportTests {
    /// Answers every request with 204, counting what reached it.
    private final class CountingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var reached: [URL] = []
        var urls: [URL] { lock.withLock { reached } }
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            lock.withLock { reached.append(request.url!) }
            return (Data(), HTTPURLResponse(url: request.url!, statusCode: 204, httpVersion: nil, headerFields: nil)!)
        }
    }

    @Test(arguments: ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"])
    func loopbackIsAlwaysPlanned(host: String) async throws {
        let base = CountingTransport()
        let transport = PlannedHostsTransport(base: base)
        let url = try #require(URL(string: "http://\(host):8080/init"))
        _ = try await transport.send(URLRequest(url: url))
        #expect(base.urls == [url])
        #expect(transport.unplannedRequests.isEmpty)
    }

    @Test(arguments: ["example.com", "128.0.0.1", "127.0.0.1.example.com", "10.0.0.1"])
    func otherHostsAreRefusedAsOfflineAndRecorded(host: String) async throws {
        let base = CountingTransport()
        let transport = PlannedHostsTransport(base: base)
        let url = try #require(URL(string: "https://\(host)/pixel"))
        await #expect(throws: URLError(.notConnectedToInternet)) { _ = try await transport.send(URLRequest(url: url)) }
        #expect(base.urls.isEmpty)
        #expect(transport.unplannedRequests == [url])
    }

    @Test func theNamedServerIsPlanned() async throws {
        let base = CountingTransport()
        let transport = PlannedHostsTransport(base: base, plannedHosts: ["Staging.Kontext.example"])
        let url = try #require(URL(string: "https://staging.kontext.example/video/preload"))
        _ = try await transport.send(URLRequest(url: url))
        #expect(base.urls == [url])
    }
}
