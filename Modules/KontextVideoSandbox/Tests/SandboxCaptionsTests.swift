import Foundation
import Testing
@testable import KontextVideoSandbox
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sandbox's linear ad with captions and an AdChoices icon: its document, the WebVTT file and
/// icon it serves (only for such an ad), and the scenario file's spelling.
@Suite("SandboxCaptions")
struct SandboxCaptionsTests {
    @Test func anAdWithCaptionsAndIconServesBoth() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        var ad = SandboxAd(creative: .vast(.inline))
        ad.captionsAndIcon = true
        server.enqueue(.ad(ad), for: .linear)
        server.enqueue(.ad(SandboxAd(creative: .vast(.inline))), for: .linear)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (document, _) = try await WireClient.get(try #require(answer?["ad"]?["creative"]?["url"]?.stringValue))
        #expect(VASTTestReader.isWellFormed(document))
        let base = server.baseURL.absoluteString
        let urls = VASTTestReader.urls(in: document)
        #expect(urls.contains("\(base)/captions/ad-1.vtt"))
        #expect(urls.contains("\(base)/icons/ad-1.png"))
        #expect(urls.contains("\(base)/landing/ad-1-adchoices"))
        #expect(urls.contains { $0.hasPrefix("\(base)/pixel/ad-1/iconView?") })
        #expect(urls.contains { $0.hasPrefix("\(base)/pixel/ad-1/iconClick?") })

        let (vtt, response) = try await WireClient.get("\(base)/captions/ad-1.vtt")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/vtt") == true)
        #expect(String(decoding: vtt, as: UTF8.self).hasPrefix("WEBVTT"))
        #expect(String(decoding: vtt, as: UTF8.self).contains("Colour bars &amp; a 1 kHz tone."))
        let (_, icon) = try await WireClient.get("\(base)/icons/ad-1.png")
        #expect(icon.statusCode == 200)

        // An ad without them: its document has neither, and nothing is served for it.
        let (plainAnswer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (plain, _) = try await WireClient.get(try #require(plainAnswer?["ad"]?["creative"]?["url"]?.stringValue))
        #expect(!String(decoding: plain, as: UTF8.self).contains("ClosedCaptionFile"))
        #expect(!String(decoding: plain, as: UTF8.self).contains("<Icon "))
        #expect(try await WireClient.get("\(base)/captions/ad-2.vtt").1.statusCode == 404)
    }

    @Test func theTextAtATimeFollowsTheCues() {
        #expect(SandboxCaptions.text(at: 0) == "Kontext sandbox ad.")
        #expect(SandboxCaptions.text(at: 2.5) == "Skip appears at five seconds.")
        #expect(SandboxCaptions.text(at: 15) == nil)
    }

    @Test func aScenarioFileSpellsCaptionsAndIcon() throws {
        let scenario = try SandboxScenario(json: Data(#"{"preload": {"linear": [{"ad": {"creative": "vast", "captionsAndIcon": true}}]}}"#.utf8))
        guard case .ad(let ad)? = scenario.preloadAnswers[.linear]?.first else {
            Issue.record("no ad answer")
            return
        }
        #expect(ad.captionsAndIcon)
        #expect(throws: SandboxScenarioError.self) {
            _ = try SandboxScenario(json: Data(#"{"preload": {"linear": [{"ad": {"captionsAndIcon": "yes"}}]}}"#.utf8))
        }
    }
}
