import Foundation
import Testing
@testable import KontextVideoSandbox
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sandbox's linear ads with Open Measurement verifications: where each one is written, its
/// script, its `verificationNotExecuted` pixel, and the scenario file's spelling.
@Suite("SandboxVerification")
struct SandboxVerificationTests {
    static let verifications = [
        SandboxVerification(vendor: "in.example-omid", placement: .inline, parameters: "a=1&b=<2>"),
        SandboxVerification(vendor: "ext.example-omid", placement: .inlineExtension, parameters: nil),
        SandboxVerification(vendor: "wrap & co", placement: .wrapper, tracksNotExecuted: false),
    ]

    @Test func eachVerificationIsWrittenWhereItsPlacementSays() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        var ad = SandboxAd(creative: .vast(.wrapper(hops: 1)))
        ad.verifications = Self.verifications
        server.enqueue(.ad(ad), for: .linear)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (wrapper, _) = try await WireClient.get(try #require(answer?["ad"]?["creative"]?["url"]?.stringValue))
        let (inline, _) = try await WireClient.get(try #require(VASTTestReader.text(of: "VASTAdTagURI", in: wrapper)))
        #expect(VASTTestReader.isWellFormed(wrapper) && VASTTestReader.isWellFormed(inline))
        let base = server.baseURL.absoluteString

        // The wrapper: its own verification, escaped, without tracking.
        #expect(VASTTestReader.urls(in: wrapper).filter { $0.contains("verification") } == ["\(base)/verification.js?vendor=wrap%20%26%20co"])
        #expect(String(decoding: wrapper, as: UTF8.self).contains(#"<Verification vendor="wrap &amp; co">"#))
        // The in-line ad: the VAST 4.1 node, then the extension, each with its pixel.
        #expect(VASTTestReader.urls(in: inline).filter { $0.contains("verification") } == [
            "\(base)/verification.js?vendor=in.example-omid",
            "\(base)/pixel/ad-1/verificationNotExecuted?vendor=in.example-omid&reason=[REASON]",
            "\(base)/verification.js?vendor=ext.example-omid",
            "\(base)/pixel/ad-1/verificationNotExecuted?vendor=ext.example-omid&reason=[REASON]",
        ])
        #expect(VASTTestReader.text(of: "VerificationParameters", in: inline) == "a=1&b=<2>")
        let text = String(decoding: inline, as: UTF8.self)
        #expect(text.contains(#"<Extension type="AdVerifications">"#))
        #expect(server.servedAds.first?.verifications == Self.verifications)

        let (script, response) = try await WireClient.get("\(base)/verification.js?vendor=in.example-omid")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/javascript") == true)
        #expect(!script.isEmpty)
        _ = try await WireClient.get("\(base)/pixel/ad-1/verificationNotExecuted?vendor=in.example-omid&reason=2")
        let hits = try await server.waitForPixelHits(count: 1, adId: "ad-1", name: "verificationNotExecuted")
        #expect(hits.map(\.query) == [["vendor": "in.example-omid", "reason": "2"]])
    }

    @Test func anInlineTagCarriesNoWrapperVerificationAndAnAdWithoutAnyIsUnchanged() {
        let base = "http://127.0.0.1:1"
        let inline = VASTDocuments.entry(.inline, base: base, adId: "ad-1", duration: 15, verifications: [SandboxVerification(placement: .wrapper)])
        #expect(inline == VASTDocuments.entry(.inline, base: base, adId: "ad-1", duration: 15))
        #expect(!inline.contains("Verification"))
    }

    @Test func aScenarioFileSpellsVerifications() throws {
        let scenario = try SandboxScenario(json: Data("""
        {"preload": {"linear": [{"ad": {"creative": "vast", "verifications": [
          {},
          {"vendor": "acme.com-omid", "placement": "inlineExtension", "apiFramework": "moat", "parameters": null, "tracksNotExecuted": false}
        ]}}]}}
        """.utf8))
        guard case .ad(let ad)? = scenario.preloadAnswers[.linear]?.first else {
            Issue.record("no ad answer")
            return
        }
        #expect(ad.verifications == [
            SandboxVerification(),
            SandboxVerification(vendor: "acme.com-omid", placement: .inlineExtension, apiFramework: "moat", parameters: nil, tracksNotExecuted: false),
        ])
    }

    @Test(arguments: [
        (#"{"preload": {"linear": [{"ad": {"verifications": {}}}]}}"#, "$.preload.linear[0].ad.verifications"),
        (#"{"preload": {"linear": [{"ad": {"verifications": [3]}}]}}"#, "$.preload.linear[0].ad.verifications[0]"),
        (#"{"preload": {"linear": [{"ad": {"verifications": [{"placement": "footer"}]}}]}}"#, "$.preload.linear[0].ad.verifications[0].placement"),
        (#"{"preload": {"linear": [{"ad": {"verifications": [{"vendor": 1}]}}]}}"#, "$.preload.linear[0].ad.verifications[0].vendor"),
        (#"{"preload": {"linear": [{"ad": {"verifications": [{"tracksNotExecuted": "yes"}]}}]}}"#, "$.preload.linear[0].ad.verifications[0].tracksNotExecuted"),
    ])
    func rejectsAnInvalidVerificationWithItsLocation(text: String, location: String) {
        #expect {
            _ = try SandboxScenario(json: Data(text.utf8))
        } throws: { error in
            guard case .invalid(let found, _) = error as? SandboxScenarioError else { return false }
            return found == location
        }
    }
}
