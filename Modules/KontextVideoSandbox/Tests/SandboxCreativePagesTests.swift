import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

/// The sandbox's HTML creatives and `kontext-creative.js`, as a web view fetches them. What the
/// pages do in a browser is `Scripts/browser-tests`.
@Suite("Sandbox creative pages")
struct SandboxCreativePagesTests {
    /// Serves `page` as the next overlay ad and returns the page's text.
    func page(_ page: SandboxHTMLPage, server: SandboxAdServer) async throws -> String {
        server.enqueue(.ad(SandboxAd(creative: .htmlPage(page))), for: .overlay)
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "overlay"))
        #expect(answer?["ad"]?["creative"]?["type"] == "html")
        let url = try #require(answer?["ad"]?["creative"]?["url"]?.stringValue)
        let (body, response) = try await WireClient.get(url)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        return String(decoding: body, as: UTF8.self)
    }

    @Test("kontext-creative.js is served from the module's resource, as JavaScript")
    func script() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (body, response) = try await WireClient.get("\(server.baseURL)/kontext-creative.js")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8")
        let text = String(decoding: body, as: UTF8.self)
        #expect(body == SandboxCreativeKit.script && !body.isEmpty)
        for part in ["window.KontextCreative", "'init-iframe'", "'ready-iframe'", "'click-iframe'", "'error-iframe'",
                     "'close-iframe'", "'resume-iframe'", "'resize-iframe'", "event.source !== window"] {
            #expect(text.contains(part), "\(part)")
        }
    }

    @Test("every page includes the script, names itself, and does what its name says")
    func pages() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let banner = try await page(.banner, server: server)
        #expect(banner.contains(#"<script src="/kontext-creative.js"></script>"#))
        #expect(banner.contains(#"data-page="html""#) && banner.contains("/images/ad-1.png") && banner.contains("/landing/ad-1"))
        #expect(banner.contains("KontextCreative.ready()") && banner.contains("KontextCreative.click()"))
        let cta = try await page(.callToAction, server: server)
        #expect(cta.contains(#"data-page="html-cta""#) && cta.contains(#"<button id="cta""#) && cta.contains("KontextCreative.click('cta')"))
        #expect(cta.contains("var(--kontext-inset-right,0px)"), "laid out clear of the SDK's controls")
        let failing = try await page(.error(code: 403, onScreen: false), server: server)
        #expect(failing.contains("KontextCreative.error(403)") && !failing.contains("KontextCreative.ready()"))
        let failingLater = try await page(.error(code: 501, onScreen: true), server: server)
        #expect(failingLater.contains("KontextCreative.on('shown'") && failingLater.contains("KontextCreative.error(501)"))
        let stuck = try await page(.neverReady, server: server)
        #expect(stuck.contains(#"data-page="html-never-ready""#) && !stuck.contains("KontextCreative.ready()"))
        #expect(server.protocolViolations.isEmpty)
    }

    @Test("a scenario names the pages: html-cta, html-error with its code and moment, html-never-ready")
    func scenario() throws {
        let scenario = try SandboxScenario(json: Data("""
        {"preload": {"overlay": [
          {"ad": {"creative": "html-cta"}},
          {"ad": {"creative": "html-error", "errorCode": 403}},
          {"ad": {"creative": "html-error", "errorCode": 501, "errorOnScreen": true}},
          {"ad": {"creative": "html-error"}},
          {"ad": {"creative": "html-never-ready"}},
          {"ad": {"creative": "html"}}
        ]}}
        """.utf8))
        let creatives = (scenario.preloadAnswers[.overlay] ?? []).map { answer -> SandboxCreative? in
            if case .ad(let ad) = answer { ad.creative } else { nil }
        }
        #expect(creatives == [.htmlPage(.callToAction), .htmlPage(.error(code: 403, onScreen: false)),
                              .htmlPage(.error(code: 501, onScreen: true)), .htmlPage(.error(code: 405, onScreen: false)),
                              .htmlPage(.neverReady), .html])
        for bad in [#"{"creative": "html-error", "errorCode": 42}"#, #"{"creative": "html-error", "errorOnScreen": "yes"}"#] {
            #expect(throws: SandboxScenarioError.self) {
                try SandboxScenario(json: Data(#"{"preload": {"overlay": [{"ad": \#(bad)}]}}"#.utf8))
            }
        }
    }

    @Test("the browser tests' scenario file reads")
    func browserTestsScenario() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Scripts/browser-tests/scenario.json").standardizedFileURL
        let scenario = try SandboxScenario(contentsOf: file)
        #expect(scenario.preloadAnswers[.overlay]?.count == 10)
        #expect(scenario.preloadAnswers[.pause]?.count == 2)
    }
}
