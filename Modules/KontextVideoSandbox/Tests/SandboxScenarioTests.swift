import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

@Suite("SandboxScenario")
struct SandboxScenarioTests {
    static let example = """
    {
      "description": "first launch: one no-fill, then ads; events fail once",
      "init": [{"status": 503}, {"enabled": true, "sessionId": "s-42"}],
      "defaultInit": {"enabled": false, "disabledReason": "publisher_suspended"},
      "preload": {
        "overlay": [
          {"noFill": "frequency_cap"},
          {"noFill": true},
          {"status": 204},
          {"status": 429, "retryAfter": 2},
          {"error": {"errCode": "invalid_token", "error": "Unknown publisher token", "permanent": true}, "status": 401},
          {"ad": {"id": "promo", "price": {"value": 1.5, "currency": "EUR", "precision": "estimated"}, "duration": null,
                  "creative": "image", "width": 64, "height": 32, "extra": {"future": 1}}},
          {"fault": "malformedJSON", "repeat": 2},
          {"body": {"skip": true, "skipCode": "custom"}, "status": 200},
          {"text": "plain", "status": 418, "headers": {"X-Tea": "pot"}}
        ],
        "linear": [{"ad": {"creative": "vast-wrapper", "hops": 2, "duration": 30}}, {"fault": "drop"}]
      },
      "defaultPreload": {"pause": {"noFill": "geo_restricted"}},
      "events": [{"status": 500}],
      "defaultEvents": {"accepted": true}
    }
    """

    private func writeTemporary(_ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("scenario.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func readsEveryQueue() throws {
        let scenario = try SandboxScenario(json: Data(Self.example.utf8))
        #expect(scenario.initAnswers.count == 2)
        #expect(scenario.preloadAnswers[.overlay]?.count == 10)
        #expect(scenario.preloadAnswers[.linear]?.count == 2)
        #expect(scenario.preloadAnswers[.pause] == nil)
        #expect(scenario.eventsAnswers.count == 1)
        guard case .disabled(let reason) = scenario.defaultInitAnswer else {
            Issue.record("defaultInit is \(scenario.defaultInitAnswer)")
            return
        }
        #expect(reason == "publisher_suspended")
    }

    @Test func aServerPlaysAScenarioFile() async throws {
        let file = try writeTemporary(Self.example)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let server = try SandboxAdServer(scenarioFile: file)
        defer { server.stop() }

        let (_, unavailable) = try await WireClient.post(server, "/init", WireClient.initBody())
        #expect(unavailable.statusCode == 503)
        #expect(try await WireClient.postJSON(server, "/init", WireClient.initBody()).0
            == ["enabled": true, "sessionId": "s-42", "trackingUrl": .string(server.trackingBaseURL.absoluteString)])
        #expect(try await WireClient.postJSON(server, "/init", WireClient.initBody()).0?["enabled"] == false)

        let overlay = WireClient.preloadBody(format: "overlay")
        #expect(try await WireClient.postJSON(server, "/video/preload", overlay).0 == ["skip": true, "skipCode": "frequency_cap"])
        #expect(try await WireClient.postJSON(server, "/video/preload", overlay).0 == ["skip": true])
        #expect(try await WireClient.post(server, "/video/preload", overlay).1.statusCode == 204)
        let (_, limited) = try await WireClient.post(server, "/video/preload", overlay)
        #expect(limited.statusCode == 429)
        #expect(limited.value(forHTTPHeaderField: "Retry-After") == "2")
        let (error, errorStatus) = try await WireClient.postJSON(server, "/video/preload", overlay)
        #expect(errorStatus == 401)
        #expect(error?["permanent"] == true)
        let (ad, _) = try await WireClient.postJSON(server, "/video/preload", overlay)
        #expect(ad?["ad"]?["id"] == "promo")
        #expect(ad?["ad"]?["duration"] == nil)
        #expect(ad?["ad"]?["future"] == 1)
        #expect(ad?["ad"]?["price"] == ["value": 1.5, "currency": "EUR", "precision": "estimated"])
        #expect(ad?["ad"]?["creative"]?["type"] == "image")
        #expect(ad?["sessionId"] == "s-42")
        let (png, _) = try await WireClient.get(try #require(ad?["ad"]?["creative"]?["url"]?.stringValue))
        #expect(PNGImageTests.size(of: png) == [64, 32])
        for _ in 0..<2 {
            #expect(JSONValue(data: try await WireClient.post(server, "/video/preload", overlay).0) == nil)
        }
        #expect(try await WireClient.postJSON(server, "/video/preload", overlay).0?["skipCode"] == "custom")
        let (plain, teapot) = try await WireClient.post(server, "/video/preload", overlay)
        #expect(teapot.statusCode == 418)
        #expect(teapot.value(forHTTPHeaderField: "X-Tea") == "pot")
        #expect(String(decoding: plain, as: UTF8.self) == "plain")
        #expect(try await WireClient.postJSON(server, "/video/preload", overlay).0?["ad"]?["format"] == "overlay")

        let (linear, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        #expect(linear?["ad"]?["duration"] == 30)
        #expect(server.servedAds.last?.creative == .vast(.wrapper(hops: 2)))
        let pause = WireClient.preloadBody(format: "pause")
        #expect(try await WireClient.postJSON(server, "/video/preload", pause).0?["skipCode"] == "geo_restricted")

        let events = WireClient.eventsBody([WireClient.event("impression", adId: "promo")], sessionId: "s-42")
        #expect(try await WireClient.post(server, "/video/events", events).1.statusCode == 500)
        #expect(try await WireClient.postJSON(server, "/video/events", events).0?["accepted"]?.arrayValue?.count == 1)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }

    @Test func aDelayedAnswerIsHeldThenSent() async throws {
        let scenario = try SandboxScenario(json: Data(#"{"init": [{"enabled": true, "delaySeconds": 0}]}"#.utf8))
        guard case .delayed(let seconds, .enabled(let session)) = try #require(scenario.initAnswers.first) else {
            Issue.record("expected a delayed answer")
            return
        }
        #expect(seconds == 0)
        #expect(session == SandboxAnswer.ownSession)
        let server = try SandboxAdServer(scenario: scenario)
        defer { server.stop() }
        #expect(try await WireClient.postJSON(server, "/init", WireClient.initBody()).0?["enabled"] == true)
    }

    @Test(arguments: [
        (#"[]"#, "$"),
        (#"{"preloads": {}}"#, "$.preloads"),
        (#"{"preload": {"banner": []}}"#, "$.preload.banner"),
        (#"{"init": [{"enabled": "yes"}]}"#, "$.init[0].enabled"),
        (#"{"init": [{}]}"#, "$.init[0]"),
        (#"{"preload": {"linear": [{"ad": {"creative": "flash"}}]}}"#, "$.preload.linear[0].ad.creative"),
        (#"{"preload": {"linear": [{"ad": {"price": "cheap"}}]}}"#, "$.preload.linear[0].ad.price"),
        (#"{"events": [{"fault": "explode"}]}"#, "$.events[0].fault"),
        (#"{"events": {"status": 1000}}"#, "$.events.status"),
        (#"{"events": [{"status": 500, "repeat": 0}]}"#, "$.events[0].repeat"),
    ])
    func rejectsAnInvalidScenarioWithItsLocation(text: String, location: String) {
        #expect {
            _ = try SandboxScenario(json: Data(text.utf8))
        } throws: { error in
            guard case .invalid(let found, _) = error as? SandboxScenarioError else { return false }
            return found == location
        }
    }

    @Test func rejectsTextThatIsNotJSONAndAMissingFile() {
        #expect(throws: SandboxScenarioError.invalid(location: "$", message: "not JSON")) {
            try SandboxScenario(json: Data("{".utf8))
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).json")
        #expect {
            _ = try SandboxScenario(contentsOf: missing)
        } throws: { error in
            if case .unreadable(let path, _) = error as? SandboxScenarioError { return path == missing.path }
            return false
        }
    }
}
