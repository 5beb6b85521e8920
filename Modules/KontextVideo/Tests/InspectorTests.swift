import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoNetworking

/// The ad inspector fed by the real SDK against the sandbox server: what a publisher's debug
/// screen shows comes from the events the SDK records, not from a script of them.
@Suite("The ad inspector through the SDK")
@MainActor
struct InspectorTests {
    let inspector = KontextVideo.shared.inspector

    /// The inspection once `condition` holds: the SDK's delivery runs on its own tasks. `nil` after
    /// a safety time-out (real time, like the sandbox's waits: a guard against a hang, never what
    /// a test measures).
    private func inspection(
        where condition: @escaping @Sendable (KontextVideoInspection) -> Bool
    ) async -> KontextVideoInspection? {
        let snapshots = inspector.snapshots()
        let answer = OnceAnswer<KontextVideoInspection?>()
        let watching = Task {
            for await inspection in snapshots where condition(inspection) {
                answer.give(inspection)
                return
            }
        }
        // Five minutes: under the thread sanitizer on two cores the run's queueing alone can take
        // tens of seconds.
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) { answer.give(nil) }
        let inspection = await answer.value
        watching.cancel()
        return inspection
    }

    @Test func aNoFillWithTheRequestsLabelsAndTheConsentSent() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.noFill(skipCode: "frequency_cap"), for: .pause)
            inspector.start()
            KontextVideo.shared.regulatory = .init(gdpr: true, usPrivacy: "1YNN")
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "episode-3", language: "en"), labels: ["stage": "pilot", "Bad Key": "x"])
            await #expect(throws: VideoAdError.noFill(reason: .frequencyCap)) { _ = try await ads.format(.pause) }

            let inspection = inspector.snapshot()
            #expect(inspection.session.initialization == .enabled)
            #expect(inspection.session.server == harness.serverURL.absoluteString)
            #expect(inspection.session.sdkVersion == KontextVideo.shared.version)
            #expect(inspection.session.consentSignals == ["gdpr": "1", "usPrivacy": "1YNN"])
            #expect(inspection.session.timeline.contains { $0.name == "labels dropped" })
            let ad = try #require(inspection.ads.first)
            #expect(inspection.ads.count == 1)
            #expect(ad.stage == .noFill)
            #expect(ad.noFillReason == "frequencyCap")
            #expect(ad.format == "pause")
            #expect(ad.request?.content == "episode-3")
            #expect(ad.request?.labels == ["stage": "pilot"], "as sent: the label breaking the rules was left out")
            #expect(ad.request?.consentSignals == ["gdpr": "1", "usPrivacy": "1YNN"])
            #expect(harness.server?.requests(path: "/video/preload").first.map { _ in ad.requestId != nil } == true)
        }
    }

    @Test func aFailedRequestAndAnSDKNeverInitialized() async throws {
        try await KontextVideoHarness.run { harness in
            inspector.start()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            await #expect(throws: VideoAdError.notInitialized) { _ = try await ads.format(.overlay) }
            harness.server?.enqueue(.serverError(status: 500), for: .linear)   // not retried (PROTOCOL.md)
            await harness.initialize()
            await #expect(throws: VideoAdError.self) { _ = try await ads.format(.linear) }
            let inspection = inspector.snapshot()
            #expect(inspection.ads.map(\.stage) == [.requestFailed, .requestFailed])
            #expect(inspection.ads.first?.error?.hasPrefix("notInitialized: The SDK was not initialized.") == true)
            #expect(inspection.ads.last?.error?.hasPrefix("request(server(http_500, no message, permanent: false)): The ad request") == true)
            #expect(inspection.ads.last?.timeline.first?.detail == "failure=server(http_500, nil, permanent: false)", "the wire's failure")
            #expect(inspection.ads.last?.requestId != nil)
        }
    }

    @Test func aLinearAdBehindTwoWrappersPlayedSkippedAndEveryDeliverySent() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.ad(SandboxAd(creative: .vast(.wrapper(hops: 2)))), for: .linear)
            inspector.start()
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let linear = try await ads.format(.linear)
            try await linear.load()
            try linear.show()
            let creative = try #require(harness.creatives.creative(for: linear))
            creative.renderFirstFrame()
            creative.play(to: 4)
            creative.skip()
            await harness.flushEvents()

            let ad = try #require(inspector.snapshot().ads.only)
            #expect(ad.stage == .ended)
            #expect(ad.endReason == "skipped")
            #expect(ad.completed == false)
            #expect(ad.answer?.adId == linear.id)
            #expect(ad.answer?.creative == "vast" && ad.answer?.vast == "tag")
            #expect(ad.vastChain.map(\.depth) == [0, 1, 2])
            #expect(ad.vastChain.allSatisfy { $0.outcome.hasPrefix("fetched ") && $0.seconds != nil })
            let file = try #require(ad.mediaFile)
            #expect(file.url.hasSuffix("/media/\(linear.id).mp4"))
            #expect(file.reason?.contains("files playable") == true)
            let lifeMoments: Set = ["ad received", "load", "loaded", "presenting", "didRecordImpression", "didEnd"]
            #expect(ad.timeline.map(\.name).filter(lifeMoments.contains) == [
                "ad received", "load", "loaded", "presenting", "didRecordImpression", "didEnd",
            ])

            let events = ad.deliveries.filter { $0.kind == .event }
            #expect(events.map(\.name) == ["impression", "ended"])
            let pixels = ad.deliveries.filter { $0.kind == .pixel }
            #expect(pixels.filter { $0.name == "impression" }.count == 3, "the in-line's and each wrapper's")
            #expect(Set(pixels.map(\.name)).isSuperset(of: ["impression", "start", "firstQuartile", "skip"]))
            #expect(ad.deliveries.allSatisfy { $0.state == .sent }, "\(ad.deliveries.map { "\($0.name) \($0.state)" })")
            #expect(pixels.allSatisfy { $0.httpStatus == 200 })
            #expect(inspector.snapshot().session.eventQueueDepth == 0)
            #expect(inspector.snapshot().unattributedDeliveries.isEmpty)
            let hits = harness.server?.pixelHits.filter { $0.adId == linear.id }.count
            #expect(hits == pixels.count, "every pixel the inspector shows sent reached the server")
        }
    }

    @Test func deliveriesRetriedWhileTheServerFailsThenSent() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueueEvents(.serverError(status: 503))
            inspector.start()
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let pause = try await ads.format(.pause)
            try await pause.load()
            let view = HeadlessView()   // kept: a view that goes away interrupts the ad
            try pause.show(in: view)
            // The impression waits out the pipeline's batch window, then its pass fails.
            await harness.advance(by: EventPipeline.defaultBatchWindow)

            let waiting = await inspection { $0.ads.first?.deliveries.first?.state == .retrying }
            #expect(waiting != nil, "the failed pass was seen")
            let impression = try #require(waiting?.ads.first?.deliveries.first)
            #expect(impression.name == "impression")
            #expect(impression.retries == 1)
            #expect(impression.detail == "tried again in 1.0 s")
            #expect(waiting?.session.eventQueueDepth == 1)
            #expect(waiting?.session.timeline.contains { $0.name == "POST /video/events" } == true)

            await harness.advance(by: .seconds(1))
            let sent = await inspection { $0.ads.first?.deliveries.first?.state == .sent }
            #expect(sent?.ads.first?.deliveries.first?.retries == 1)
            #expect(sent?.session.eventQueueDepth == 0)
            #expect(sent?.ads.first?.stage == .onScreen)
            withExtendedLifetime(view) {}
        }
    }

    @Test func anAdsCallsThrowOnItsTimelineAndItsInvalidation() async throws {
        try await KontextVideoHarness.run { harness in
            inspector.start()
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let overlay = try await ads.format(.overlay)
            #expect(throws: VideoAdError.notLoaded) { try overlay.show(in: HeadlessView()) }
            try overlay.reject(.outbid(winningPrice: 2.4, winner: nil))
            await harness.flushEvents()
            let ad = try #require(inspector.snapshot().ads.only)
            #expect(ad.stage == .invalidated)
            #expect(ad.invalidation == "rejected")
            #expect(ad.timeline.contains { $0.name == "error thrown" && $0.detail.hasPrefix("show(in:insets:) threw notLoaded") })
            #expect(ad.deliveries.map(\.name) == ["reject"])
            #expect(ad.deliveries.first?.state == .sent)
        }
    }

    @Test func theJSONOfARealSessionReadsBackAndTheResetForgetsIt() async throws {
        try await KontextVideoHarness.run { harness in
            inspector.start()
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            _ = try await ads.format(.overlay)
            let inspection = inspector.snapshot()
            #expect(try KontextVideoInspection(jsonData: inspection.jsonData()) == inspection, "dates kept to the millisecond")
            #expect(inspection.text.contains("Ad 1 · overlay · received"))

            harness.resetSDK()
            #expect(!inspector.isListening)
            #expect(inspector.snapshot().ads.isEmpty)
        }
    }
}

/// The first value given, to whoever waits for it.
private final class OnceAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var waiter: CheckedContinuation<Value, Never>?
    private var isGiven = false

    func give(_ value: Value) {
        lock.lock()
        guard !isGiven else { return lock.unlock() }
        isGiven = true
        answer = value
        let waiter = self.waiter
        lock.unlock()
        waiter?.resume(returning: value)
    }

    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                lock.lock()
                if isGiven, let answer {
                    lock.unlock()
                    continuation.resume(returning: answer)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }
    }
}

extension Collection {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
