import Foundation
import Testing
@testable import KontextVideo
import KontextVideoNetworking
import KontextVideoTesting

/// A tracking dialog that never showed is not an answer: the rule, and the facade asking again.
@Suite("Tracking prompt")
@MainActor
struct TrackingPromptTests {
    @Test("the status after asking decides whether the dialog was answered", arguments: [
        (TrackingAuthorizationStatus?.some(.notDetermined), false),
        (.authorized, true), (.denied, true), (.restricted, true), (.unrecognized, true),
        (nil, true),
    ])
    func answered(status: TrackingAuthorizationStatus?, isAnswered: Bool) {
        var prompt = TrackingPrompt()
        #expect(prompt.needsAsking)
        prompt.asked(statusAfterwards: status)
        #expect(prompt.isAnswered == isAnswered)
        #expect(prompt.needsAsking == !isAnswered)
    }

    @Test("a dialog that never shows is asked for at most attemptsPerSession times")
    func attemptsAreBounded() {
        var prompt = TrackingPrompt()
        for attempt in 1...TrackingPrompt.attemptsPerSession {
            #expect(prompt.needsAsking, "attempt \(attempt)")
            prompt.asked(statusAfterwards: .notDetermined)
        }
        #expect(!prompt.needsAsking)
        #expect(!prompt.isAnswered)
    }

    @Test("through the facade: a dialog that did not show is asked for again by the next request, until it is answered")
    func askedAgain() async throws {
        try await KontextVideoHarness.run { harness in
            // The system returns without showing the dialog: the status stays not determined.
            let platform = ScriptedPlatform(status: .notDetermined, answer: .notDetermined)
            KontextVideo.shared.beginSession { $0.platform = platform }
            await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", requestTrackingAuthorization: true, logLevel: .none, serverURL: harness.serverURL))
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            _ = try await ads.format(.pause)
            #expect(platform.requests == 1)
            let first = try #require(harness.server?.requests(path: "/video/preload").last?.json)
            #expect(first["trackingAuthorization"]?.stringValue == "notDetermined", "the request left without an answer")
            #expect(first["advertisingId"] == nil)
            let preloads = { harness.server?.requests(path: "/video/preload").count ?? 0 }
            #expect(preloads() == 1)
            _ = try await VideoAds(content: .init(id: "e2", language: "en")).format(.pause)
            #expect(preloads() == 2)
            #expect(platform.requests == 2, "not answered: asked again")
            for index in 0..<TrackingPrompt.attemptsPerSession {
                _ = try await VideoAds(content: .init(id: "e\(index + 3)", language: "en")).format(.pause)
            }
            #expect(preloads() == 2 + TrackingPrompt.attemptsPerSession)
            #expect(platform.requests == TrackingPrompt.attemptsPerSession, "then no more")
        }
    }

    @Test("through the facade: once answered, later requests ask nothing")
    func answeredOnce() async throws {
        try await KontextVideoHarness.run { harness in
            let platform = ScriptedPlatform(status: .notDetermined, answer: .denied)
            KontextVideo.shared.beginSession { $0.platform = platform }
            await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", requestTrackingAuthorization: true, logLevel: .none, serverURL: harness.serverURL))
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            _ = try await ads.format(.pause)
            _ = try await ads.format(.pause)
            #expect(platform.requests == 1)
        }
    }
}
