import KontextVideoTestSupport
import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import KontextVideoScheduling
import Testing

/// What the ad inspector reads from the wire's events: each queued entry's id from its queueing
/// to its delivery, the queue's depth, the ids of a refused batch, and what an ad request asked
/// for and the consent it carried.
@Suite("Networking events the inspector reads")
struct InspectableEventsTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()

    func pipeline(_ directory: URL, _ transport: ScriptedTransport) -> EventPipeline {
        EventPipeline(
            directory: directory, transport: transport, clock: clock, environment: testEnvironment(), installId: { testInstallId },
            sessionId: { "s-1" }, events: log, identifiers: SequentialIdentifiers())
    }

    @Test func anEntrysIdLinksItsQueuingToItsDeliveryAndTheQueueSaysItsDepth() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = pipeline(directory.url, ScriptedTransport([], then: .status(204)))
        let eventId = events.submit(.event(.impression(adId: "ad-1", format: .linear)))
        let pixelId = events.submit(.pixel(URL(string: "https://t.example/start?cb=1")!))
        #expect([eventId, pixelId] == ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
                "each entry's id is the pipeline's source's next")
        let queued = log.events(.beacon, named: .queued)
        #expect(queued.map { $0.attributes["id"] } == [eventId, pixelId])
        #expect(queued.map { $0.attributes["pending"] } == ["1", "2"])
        #expect(queued.first?.attributes["type"] == "impression" && queued.first?.attributes["adId"] == "ad-1")
        #expect(queued.last?.attributes["url"] == "https://t.example/start?cb=1")

        _ = await clock.drive(until: Task { await events.flush() })
        #expect(Set(log.events(.beacon, named: .delivered).compactMap { $0.attributes["id"] }) == [eventId, pixelId])
    }

    @Test func aBatchRefusedForGoodNamesItsEvents() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = pipeline(directory.url, ScriptedTransport([.status(422)]))
        let ids = [
            events.submit(.event(.impression(adId: "a", format: .overlay))),
            events.submit(.event(.ended(reason: .closed, completed: false, adId: "a", format: .overlay))),
        ]
        #expect(await events.flush())
        let refused = try #require(log.events(.error, named: .eventsRefused).first)
        #expect(refused.attributes["ids"]?.split(separator: ",").map(String.init) == ids)
        #expect(refused.attributes["count"] == "2")
    }

    @Test func anAdRequestSaysWhatItAskedForAndTheConsentItCarries() throws {
        let request = AdRequest(
            format: .pause, content: KontextVideoContent(id: "episode-7", language: "en"),
            labels: ["stage": "mid_series", "layout": "fullscreen"], playhead: 42.5, variantId: "b")
        let regulatory = WireRegulatory(gdpr: 1, gdprConsent: "CPXxRfAPXxRfA", coppa: 0, gpp: nil, gppSid: [2, 7], usPrivacy: "1YNN")
        let requestId = UUID(uuidString: "0B1C2D3E-4F50-6172-8394-A5B6C7D8E9F0")!
        let event = AdRequestDescription.event(request, requestId: requestId, regulatory: regulatory)
        #expect(event.name == KontextVideoEvent.Name.adRequested.rawValue)
        #expect(event.kind == .request)
        #expect(event.attributes == [
            "format": "pause", "requestId": "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0", "content": "episode-7", "playhead": "42.5",
            "variant": "b", "label.stage": "mid_series", "label.layout": "fullscreen",
            "consent.gdpr": "1", "consent.gdprConsent": "CPXxRfAPXxRfA", "consent.coppa": "0", "consent.gppSid": "2_7",
            "consent.usPrivacy": "1YNN",
        ])
        #expect(AdRequestDescription.consentSignals(nil).isEmpty)
    }

    @Test func theClientRecordsTheRequestWithTheConsentPlatformsValues() async throws {
        let defaults = try freshDefaults()
        defaults.set("1", forKey: ConsentResolver.Key.gdprApplies)
        defaults.set("CPXxRfAPXxRfA", forKey: ConsentResolver.Key.tcString)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([
            .status(200, body: #"{"enabled": true}"#), .status(200, body: #"{"skip": true, "skipCode": "frequency_cap"}"#),
        ], then: .status(204))
        let client = AdServerClient(
            environment: testEnvironment(), clock: clock, transport: transport, storageDirectory: directory.url,
            defaults: defaults, events: log)
        let requestId = UUID()
        let request = AdRequest(
            format: .overlay, content: KontextVideoContent(id: "e1", language: "en"), labels: ["stage": "pilot"],
            regulatory: KontextVideoRegulatory(coppa: true))
        #expect(await client.initialize() == .enabled)
        let answer = try await client.requestAd(request, requestId: requestId)
        #expect(answer == .noFill(.frequencyCap))
        let sent = try #require(log.events(.request, named: .adRequested).only)
        #expect(sent.attributes["requestId"] == requestId.uuidString.lowercased())
        #expect(sent.attributes["label.stage"] == "pilot")
        #expect(sent.attributes.filter { $0.key.hasPrefix("consent.") } == [
            "consent.gdpr": "1", "consent.gdprConsent": "CPXxRfAPXxRfA", "consent.coppa": "1",
        ])
        #expect(log.events(.response, named: .noFill).first?.attributes["requestId"] == requestId.uuidString.lowercased())
    }
}

extension Collection {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
