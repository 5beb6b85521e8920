import Foundation
import KontextVideoConcurrency
import Testing
@testable import KontextVideoDiagnostics
import KontextVideoModels

/// A clock for the inspector's stamps that a test moves by hand.
private final class ManualTime: Sendable {
    private let seconds = LockedState(0.0)
    let origin = Date(timeIntervalSince1970: 1_800_000_000)

    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
    var now: Date { origin.addingTimeInterval(seconds.snapshot) }
}

@Suite("KontextVideoInspector: opt-in collection over the event stream")
struct KontextVideoInspectorTests {
    @Test func collectsNothingAndCostsNothingUntilStarted() {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        #expect(!stream.isHeard(at: .debug), "nobody hears a debug event: the SDK does not build it")
        stream.record(Emitted.adRequested("r1"))
        #expect(inspector.snapshot() == KontextVideoInspection(startedAt: nil))
        #expect(!inspector.isListening)

        inspector.start()
        #expect(stream.isHeard(at: .debug))
        stream.record(Emitted.adRequested("r2"))
        #expect(inspector.snapshot().ads.map(\.id) == ["r2"])

        inspector.stop()
        #expect(!stream.isHeard(at: .debug), "stopped, the inspector no longer makes the SDK build events")
        stream.record(Emitted.adRequested("r3"))
        #expect(inspector.snapshot().ads.map(\.id) == ["r2"], "what it learned stays")

        inspector.start()
        inspector.start()
        stream.record(Emitted.adRequested("r4"))
        #expect(inspector.snapshot().ads.map(\.id) == ["r2", "r4"], "started twice, it hears each event once")
    }

    @Test func stampsEventsWithItsTimeSourceAndClearsToNow() throws {
        let time = ManualTime()
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream, now: { time.now })
        inspector.start()
        time.advance(by: 1.5)
        stream.record(Emitted.adRequested("r1"))
        let inspection = inspector.snapshot()
        #expect(inspection.session.inspectingSince == time.origin)
        #expect(inspection.ads.first?.request?.at == time.origin.addingTimeInterval(1.5))

        time.advance(by: 1)
        inspector.clear()
        #expect(inspector.snapshot().ads.isEmpty)
        #expect(inspector.snapshot().session.inspectingSince == time.origin.addingTimeInterval(2.5))
    }

    @Test func snapshotsFollowEachEvent() async throws {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        inspector.start()
        var snapshots = inspector.snapshots().makeAsyncIterator()
        #expect(await snapshots.next()?.ads.isEmpty == true, "the inspection now comes first")
        stream.record(Emitted.adRequested("r1"))
        #expect(await snapshots.next()?.ads.map(\.id) == ["r1"])
        stream.record(Emitted.noFill("r1", reason: .frequencyCap))
        #expect(await snapshots.next()?.ads.first?.stage == .noFill)
    }

    @Test func eventsFromManyThreadsAreEachFoldedOnce() async {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        inspector.start()
        await withTaskGroup(of: Void.self) { group in
            for number in 0..<50 {
                group.addTask { stream.record(Emitted.adRequested("r\(number)")) }
            }
        }
        #expect(Set(inspector.snapshot().ads.map(\.id)) == Set((0..<50).map { "r\($0)" }))
    }
}

@Suite("KontextVideoInspection as JSON and text")
struct KontextVideoInspectionExportTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A pause no-fill and a linear ad played through a wrapper, its events and pixels delivered.
    static var episode: KontextVideoInspection {
        var reducer = InspectionReducer(startedAt: start)
        var events = [
            KontextVideoEvent(.state, .initialize, level: .info, attributes: ["server": "https://server.example", "version": "0.2.0"]),
            KontextVideoEvent(.state, .initialized, level: .info, attributes: ["state": "enabled"]),
            Emitted.adRequested("r1", consent: ["gdpr": "1"]),
            Emitted.noFill("r1", reason: .frequencyCap),
            Emitted.adRequested("r2", format: "linear", labels: ["stage": "mid_series"], consent: ["gdpr": "1"]),
            Emitted.adReceived("ad-2", requestId: "r2", format: "linear", creative: "vast"),
            Emitted.hop("ad-2", depth: 0, outcome: "fetched 900 bytes", elapsed: 0.5),
            Emitted.hop("ad-2", depth: 1, outcome: "fetched 1800 bytes", elapsed: 0.25),
            KontextVideoEvent(.state, .mediaFileChosen, attributes: [
                "adId": "ad-2", "url": "https://cdn.example/ad.mp4", "type": "video/mp4", "size": "1280x720", "bitrate": "1200",
                "reason": "1 of 1 files playable; the largest of 1 that fits the 1920×1080 screen",
            ]),
            Emitted.ad(.presenting, "ad-2", format: "linear"),
            Emitted.queuedEvent("e1", type: "impression", adId: "ad-2", pending: 1),
        ]
        events += Emitted.queuedPixel("p1", adId: "ad-2", event: "impression", pending: 2)
        events += [
            Emitted.retry(delay: 1, pending: 2),
            Emitted.delivered("e1"), Emitted.delivered("p1", status: 200),
            Emitted.ad(.didEnd, "ad-2", format: "linear", kind: .delegate, ["reason": "skipped", "completed": "false"]),
        ]
        for (offset, event) in events.enumerated() {
            reducer.apply(event, at: start.addingTimeInterval(Double(offset) * 0.25))
        }
        return reducer.inspection
    }

    @Test func jsonReadsBackAsTheSameInspection() throws {
        let inspection = Self.episode
        #expect(try KontextVideoInspection(jsonData: inspection.jsonData()) == inspection)
    }

    @Test func jsonHasStableKeysAndMillisecondUTCDates() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Self.episode.jsonData()) as? [String: Any])
        #expect(json.keys.sorted() == ["ads", "adsLeftOut", "schemaVersion", "session", "unattributedDeliveries"])
        #expect(json["schemaVersion"] as? Int == 1)
        let session = try #require(json["session"] as? [String: Any])
        #expect(session.keys.sorted() == [
            "consentSentAt", "consentSignals", "eventQueueDepth", "initialization", "initializeCalledAt", "initializedAt",
            "inspectingSince", "sdkVersion", "server", "timeline",
        ])
        #expect(session["inspectingSince"] as? String == "2027-01-15T08:00:00.000Z")
        #expect(session["initialization"] as? String == "enabled")
        let ads = try #require(json["ads"] as? [[String: Any]])
        #expect(ads.count == 2)
        let linear = ads[1]
        #expect(linear.keys.sorted() == [
            "answer", "completed", "deliveries", "endReason", "format", "id", "mediaFile", "request", "requestId", "stage", "timeline",
            "vastChain",
        ], "absent optionals are left out, the rest keep their names")
        let delivery = try #require((linear["deliveries"] as? [[String: Any]])?.last)
        #expect(delivery.keys.sorted() == ["httpStatus", "id", "kind", "name", "queuedAt", "retries", "settledAt", "state", "url"])
        #expect(delivery["state"] as? String == "sent")
        let hop = try #require((linear["vastChain"] as? [[String: Any]])?.first)
        #expect(hop.keys.sorted() == ["at", "depth", "outcome", "seconds", "url"])
    }

    @Test(arguments: [
        (1_800_000_000.0, "2027-01-15T08:00:00.000Z"), (1_800_000_000.391_4, "2027-01-15T08:00:00.391Z"),
        (1_800_000_000.999_6, "2027-01-15T08:00:01.000Z"), (1_800_000_059.000_4, "2027-01-15T08:00:59.000Z"),
    ])
    func datesAreKeptToTheMillisecond(seconds: Double, text: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(MillisecondDate.text(date) == text)
        let read = try #require(MillisecondDate.date(text))
        #expect(read == MillisecondDate.rounded(date))
        #expect(MillisecondDate.text(read) == text)
        #expect(MillisecondDate.date("yesterday") == nil)
    }

    @Test func theScreenListsWhatTheTextSaysNewestAdFirst() throws {
        let session = InspectorScreenContent(Self.episode).sessionRows
        #expect(session.prefix(4).map(\.title) == ["SDK 0.2.0 · server https://server.example", "initialization", "consent sent", "event queue"])
        #expect(session[1].detail == "enabled at +0.250 s")
        let sections = InspectorScreenContent(Self.episode).adSections
        #expect(sections.map(\.title) == ["Ad 2 · linear · ended (skipped)", "Ad 1 · pause · no fill (frequencyCap)"])
        let linear = try #require(sections.first)
        #expect(linear.rows.contains { $0.title == "media file" && $0.detail.hasPrefix("https://cdn.example/ad.mp4") })
        #expect(linear.rows.contains { $0.title == "pixel impression · sent after 1 failed pass(es) (HTTP 200) · https://track.example/impression" })
        let ids = sections.flatMap(\.rows).map(\.id) + session.map(\.id)
        #expect(Set(ids).count == ids.count, "each row has an id of its own")
    }

    @Test func textTellsTheStory() {
        let text = Self.episode.text
        let expected = [
            "Kontext ad inspector (schema 1), listening since 2027-01-15T08:00:00.000Z",
            "  SDK 0.2.0 · server https://server.example",
            "  initialization: enabled at +0.250 s",
            "  consent sent: gdpr=1",
            "  event queue: 0 waiting",
            "Ad 1 · pause · no fill (frequencyCap)",
            "  no fill: frequencyCap",
            "Ad 2 · linear · ended (skipped)",
            "  request: r2 at +1.000 s · content e1 · labels stage=mid_series · consent gdpr=1",
            "  answer: ad-2 · 1.2 USD (estimated) · vast tag",
            "  VAST chain:",
            "    0 tag https://ads.example/vast/0 · fetched 900 bytes in 0.500 s",
            "    1 wrapper https://ads.example/vast/1 · fetched 1800 bytes in 0.250 s",
            "  media file: https://cdn.example/ad.mp4 · video/mp4 · 1280x720 · 1200 kbps",
            "    why: 1 of 1 files playable; the largest of 1 that fits the 1920×1080 screen",
            "  deliveries (2): 2 sent",
            "  timeline:",
            "    event impression · sent after 1 failed pass(es)",
            "    pixel impression · sent after 1 failed pass(es) (HTTP 200) · https://track.example/impression",
        ]
        for line in expected {
            #expect(text.contains(line + "\n"), "missing: \(line)\n\(text)")
        }
    }
}
