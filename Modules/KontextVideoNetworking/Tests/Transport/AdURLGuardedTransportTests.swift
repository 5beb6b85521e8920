import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideoModels
@testable import KontextVideoNetworking

/// An ad's own URLs never reach this device, a private network or `.local` while the ad server is
/// public (issue 32); the sandbox and tests, on loopback, keep them.
@Suite("AdURLGuardedTransport")
struct AdURLGuardedTransportTests {
    @Test(arguments: ["http://127.0.0.1:8080/vast.xml", "http://192.168.1.1/admin", "http://printer.local/x", "file:///etc/passwd",
                      "http://169.254.169.254/latest/meta-data"])
    func aLocalOrNonWebURLNeverLeavesInProduction(_ text: String) async throws {
        let base = ScriptedTransport([])
        let guarded = AdURLGuardedTransport(base, rule: AdURLRule(serverURL: try #require(URL(string: "https://server.megabrain.co"))))
        await #expect(throws: URLError.self) { _ = try await guarded.send(URLRequest(url: try #require(URL(string: text)))) }
        #expect(base.requests.isEmpty, "nothing was sent")
    }

    @Test func aPublicURLGoesThroughAndTheSandboxKeepsLoopback() async throws {
        let base = ScriptedTransport([.status(200, body: "ok"), .status(204)])
        let production = AdURLGuardedTransport(base, rule: AdURLRule(serverURL: try #require(URL(string: "https://server.megabrain.co"))))
        let (body, response) = try await production.send(URLRequest(url: try #require(URL(string: "https://cdn.example/vast.xml"))))
        #expect(String(decoding: body, as: UTF8.self) == "ok" && response.statusCode == 200)
        let sandbox = AdURLGuardedTransport(base, rule: AdURLRule(serverURL: try #require(URL(string: "http://127.0.0.1:9000"))))
        _ = try await sandbox.send(URLRequest(url: try #require(URL(string: "http://127.0.0.1:9000/vast/ad-1.xml"))))
        #expect(base.requests.count == 2)
    }
}
