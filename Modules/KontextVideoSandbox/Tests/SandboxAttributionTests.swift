import Foundation
import Testing
@testable import KontextVideoSandbox

/// The sandbox's signed-looking attribution payload: in a scenario file, on the wire, and plainly
/// not signed with any real key.
@Suite("Sandbox attribution payload")
struct SandboxAttributionTests {
    @Test func aScenarioTurnsItOnForAnAppInstallAd() async throws {
        let scenario = try SandboxScenario(json: Data(#"""
        {"preload": {"linear": [{"ad": {"appStoreId": "1234567890", "attribution": {"overlay": "endCard", "sourceIdentifier": 42}}}]}}
        """#.utf8))
        let server = try SandboxAdServer(scenario: scenario)
        defer { server.stop() }
        let answer = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear")).0
        let attribution = try #require(answer?["ad"]?["creative"]?["attribution"])
        let skan = try #require(attribution["skadnetwork"])
        #expect(skan["version"] == "4.0")
        #expect(skan["network"] == "kontext.skadnetwork")
        #expect(skan["sourceIdentifier"]?.intValue == 42)
        #expect(skan["itemId"]?.intValue == 1_234_567_890)
        let fidelities = try #require(skan["fidelities"]?.arrayValue)
        #expect(fidelities.compactMap { $0["fidelity"]?.intValue } == [0, 1])
        #expect(fidelities.allSatisfy { UUID(uuidString: $0["nonce"]?.stringValue ?? "") != nil })
        #expect(attribution["overlay"] == ["at": "endCard"])
        let jws = try #require(attribution["adAttributionKit"]?["jws"]?.stringValue)
        #expect(jws.split(separator: ".").count == 3)
    }

    @Test func theSignatureIsTheTestKeysAndChangesWithEveryField() {
        let base = SandboxAttribution.signature(of: "4.0\u{2063}kontext.skadnetwork\u{2063}1234")
        #expect(Data(base64Encoded: base)?.count == 64)
        #expect(base == SandboxAttribution.signature(of: "4.0\u{2063}kontext.skadnetwork\u{2063}1234"), "the same on every run")
        #expect(base != SandboxAttribution.signature(of: "4.0\u{2063}kontext.skadnetwork\u{2063}1235"))
        #expect(SandboxAttribution.testKey.contains("not a real signing key"))
    }

    @Test func aScenarioRefusesAMalformedAttribution() {
        #expect(throws: SandboxScenarioError.self) {
            try SandboxScenario(json: Data(#"{"preload": {"linear": [{"ad": {"attribution": {"overlay": "start"}}}]}}"#.utf8))
        }
        #expect(throws: SandboxScenarioError.self) {
            try SandboxScenario(json: Data(#"{"preload": {"linear": [{"ad": {"attribution": "yes"}}]}}"#.utf8))
        }
    }
}
