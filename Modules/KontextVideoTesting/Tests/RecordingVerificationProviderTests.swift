import Foundation
import Testing
@testable import KontextVideoTesting

/// The recorder's rule check is an oracle the conformance suite relies on: each rule must catch
/// the sequence that breaks it, and pass the sequences the SDK sends.
@Suite("RecordingVerificationProvider")
@MainActor
struct RecordingVerificationProviderTests {
    typealias Event = VideoAdVerificationEvent
    nonisolated static let properties = Event.MediaProperties(isSkippable: false, skipOffset: nil, isAutoplay: true, position: .midroll)
    nonisolated static let opening: [Event] = [.sessionStart, .loaded(properties), .impression, .start(duration: 10, volume: 1)]

    /// A sequence, whether it is a display ad's, and the rules it breaks.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        var isDisplay = false
        let events: [Event]
        let broken: [String]
        var testDescription: String { name }
    }

    nonisolated static let rows: [Row] = [
        Row(name: "a complete video", events: opening + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish], broken: []),
        Row(name: "a skipped video with pauses and buffering",
            events: opening + [.pause, .resume, .bufferStart, .bufferFinish, .firstQuartile, .skipped, .sessionFinish], broken: []),
        Row(name: "a display ad", isDisplay: true, events: [.sessionStart, .loaded(nil), .impression, .sessionFinish], broken: []),
        Row(name: "no session at all", events: [], broken: []),
        Row(name: "not started by sessionStart", events: [.loaded(nil), .sessionStart, .sessionFinish],
            broken: ["sessionStart is not first, once", "loaded does not follow sessionStart"]),
        Row(name: "two impressions", events: opening + [.impression, .sessionFinish], broken: ["impression more than once"]),
        Row(name: "start without the impression before it", events: [.sessionStart, .loaded(properties), .start(duration: 1, volume: 1), .sessionFinish],
            broken: ["start does not follow the impression"]),
        Row(name: "a quartile before start", events: [.sessionStart, .loaded(properties), .impression, .firstQuartile, .start(duration: 1, volume: 1), .sessionFinish],
            broken: ["start does not follow the impression", "a quartile before start"]),
        Row(name: "quartiles out of order", events: opening + [.midpoint, .firstQuartile, .sessionFinish], broken: ["quartiles repeated or out of order"]),
        Row(name: "a quartile twice", events: opening + [.firstQuartile, .firstQuartile, .sessionFinish], broken: ["quartiles repeated or out of order"]),
        Row(name: "complete before the third quartile", events: opening + [.complete, .sessionFinish],
            broken: ["complete before the third quartile"]),
        Row(name: "complete and skipped", events: opening + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .skipped, .sessionFinish],
            broken: ["complete and skipped, or either twice"]),
        Row(name: "a media event after skipped", events: opening + [.skipped, .pause, .sessionFinish],
            broken: ["a media event after skipped"]),
        Row(name: "resume without pause", events: opening + [.resume, .sessionFinish], broken: ["pause and resume do not alternate"]),
        Row(name: "two buffer starts", events: opening + [.bufferStart, .bufferStart, .sessionFinish],
            broken: ["bufferStart and bufferFinish do not alternate"]),
        Row(name: "a media event for a display ad", isDisplay: true,
            events: [.sessionStart, .loaded(nil), .impression, .userInteraction(.click), .sessionFinish], broken: ["a media event for a display ad"]),
        Row(name: "an event after finish", events: opening + [.sessionFinish, .skipped], broken: ["an event after sessionFinish"]),
        Row(name: "finish twice", events: opening + [.sessionFinish, .sessionFinish],
            broken: ["an event after sessionFinish", "sessionFinish more than once"]),
    ]

    @Test("each rule catches the sequence that breaks it", arguments: rows)
    nonisolated func rules(_ row: Row) {
        #expect(RecordingVerificationProvider.ruleViolations(row.events, isDisplay: row.isDisplay) == row.broken)
    }

    @Test func itRecordsSessionsAndReportsTheVendorsItWasToldToRefuse() async throws {
        try await KontextVideoHarness.run { harness in
            var ad = SandboxAd()
            ad.verifications = [SandboxVerification(vendor: "kept.example-omid"), SandboxVerification(vendor: "refused.example-omid")]
            harness.server?.enqueue(.ad(ad), for: .linear)
            await harness.initialize()
            let measurement = RecordingVerificationProvider(notExecuted: ["refused.example-omid": .rejected])
            KontextVideo.shared.verificationProvider = measurement
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let linear = try await ads.format(.linear)
            try await linear.load()
            try linear.show(from: harness.presenter)
            try #require(harness.creatives.creative(for: linear)).renderFirstFrame()
            ads.destroy()
            #expect(measurement.sessions.map(\.adId) == [linear.id])
            #expect(measurement.entries.first?.description == "\(linear.id) sessionStart")
            #expect(measurement.events(for: linear.id).last == .sessionFinish)
            #expect(measurement.ruleViolations(for: linear.id).isEmpty)
            await harness.flushEvents()
            let hits = harness.server?.pixelHits.filter { $0.name == "verificationNotExecuted" }.map(\.query)
            #expect(hits == [["vendor": "refused.example-omid", "reason": "1"]])
            measurement.clear()
            #expect(measurement.entries.isEmpty && measurement.sessions.isEmpty)
        }
    }
}
