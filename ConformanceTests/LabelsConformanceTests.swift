import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// `VideoAds(content:labels:)`: which labels every ads request carries, the validity rules, and
/// the console warning for what is dropped.
@Suite("Conformance: labels")
@MainActor
struct LabelsConformanceTests {
    @Test("[LAB-001][LAB-002] every ads request of a VideoAds carries its labels, the same ones each time")
    func everyRequestCarriesTheSameLabels() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            var labels = ["stage": "first_episode", "layout": "fullscreen"]
            let ads = VideoAds(content: .episodeOne, labels: labels)
            labels["stage"] = "changed_later" // the object keeps what it was given
            for format in [AdFormat.overlay, .pause, .linear] {
                _ = try await ads.format(format)
            }
            let overlay = try await ads.format(.overlay)
            try overlay.reject()
            _ = try await ads.format(.overlay)
            let sent = server.requests(path: "/video/preload").map { $0.json?["labels"] }
            #expect(sent.count == 4)
            #expect(sent.allSatisfy { $0 == ["stage": "first_episode", "layout": "fullscreen"] }, "\(sent)")
        }
    }

    @Test("[LAB-003] a pair whose key has any character outside a-z, 0-9 and _ is not sent; the valid pairs are")
    func invalidKeysDropped() async throws {
        let sent = try await sentLabels([
            "Stage": "a", "my-key": "b", "has space": "c", "clé": "d", "": "e", "key.dot": "f",
            "ok_key_1": "v1", "stage": "first_episode",
        ])
        #expect(sent == ["ok_key_1": "v1", "stage": "first_episode"])
    }

    @Test("[LAB-004] a pair with an empty value is not sent")
    func emptyValuesDropped() async throws {
        let sent = try await sentLabels(["stage": "", "layout": "fullscreen"])
        #expect(sent == ["layout": "fullscreen"])
    }

    @Test("[LAB-005] a key or value of 64 UTF-8 bytes is sent; one of 65 bytes is not")
    func sixtyFourBytes() async throws {
        let key64 = String(repeating: "k", count: 64)
        let key65 = String(repeating: "q", count: 65)
        let value64 = String(repeating: "é", count: 32) // 2 bytes each
        let value65 = String(repeating: "é", count: 32) + "x"
        let sent = try await sentLabels([key64: "v", key65: "v", "value_64": value64, "value_65": value65])
        #expect(sent == [key64: "v", "value_64": .string(value64)])
    }

    @Test("[LAB-006] of more than 20 valid pairs, exactly 20 are sent")
    func atMostTwentyPairs() async throws {
        var labels: [String: String] = [:]
        for index in 0..<25 { labels["key_\(index)"] = "value_\(index)" }
        let sent = try #require(try await sentLabels(labels)?.objectValue)
        #expect(sent.count == 20)
        for (key, value) in sent {
            #expect(labels[key] == value.stringValue, "\(key) was not given or changed")
        }
    }

    @Test("[LAB-007] every dropped pair is reported by a console warning at the default .warning level; creating the VideoAds sends nothing")
    func droppedPairsWarn() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let state = await KontextVideo.shared.initialize(with: KontextVideo.Configuration(publisherToken: "acme-dev", serverURL: harness.serverURL))
            #expect(state == .enabled)
            #expect(KontextVideo.shared.events.logLevel == .warning) // the default prints warnings
            let requestsBefore = server.requests.count

            let stream = KontextVideo.shared.events.events()
            let ads = VideoAds(content: .episodeOne, labels: ["Bad-Key": "x", "empty": "", "fine": "ok", "sp ace": "y"])
            KontextVideo.shared.events.record(KontextVideoEvent(.state, "conformance sentinel", level: .none))
            var warnings: [KontextVideoEvent] = []
            for await event in stream {
                if event.name == "conformance sentinel" { break }
                if event.kind == .warning { warnings.append(event) }
            }
            await harness.advance(by: .seconds(1))
            #expect(server.requests.count == requestsBefore, "creating a VideoAds sent something")

            #expect(!warnings.isEmpty)
            #expect(warnings.allSatisfy { $0.level <= .warning && $0.level != .none }, "not printed at .warning")
            let text = warnings.map(\.description).joined(separator: "\n")
            for dropped in ["Bad-Key", "empty", "sp ace"] {
                #expect(text.contains(dropped), "no warning names \(dropped): \(text)")
            }
            #expect(!text.contains("\"fine\""))
            _ = try await ads.format(.pause)
            #expect(server.requests(path: "/video/preload").last?.json?["labels"] == ["fine": "ok"])
        }
    }
}

// MARK: - Helpers

/// The `labels` member of the ads request of `VideoAds(content:labels: labels)` (`nil`: omitted).
@MainActor
private func sentLabels(_ labels: [String: String]) async throws -> JSONValue? {
    try await withInitializedSDK { harness in
        let ads = VideoAds(content: KontextVideo.Content(id: "episode-1", language: "en"), labels: labels)
        _ = try await ads.format(.pause)
        let server = try #require(harness.server)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        return server.requests(path: "/video/preload").last?.json?["labels"]
    }
}
