import Foundation
import Testing
@testable import KontextVideoDiagnostics
import KontextVideoModels

/// Folds `events`, one second apart from `start`.
private func fold(_ events: [KontextVideoEvent], start: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> KontextVideoInspection {
    var reducer = InspectionReducer(startedAt: start)
    for (offset, event) in events.enumerated() {
        reducer.apply(event, at: start.addingTimeInterval(Double(offset + 1)))
    }
    return reducer.inspection
}

@Suite("The inspector's model: every outcome the event stream carries")
struct InspectionReducerTests {
    static let noFillReasons: [VideoAdError.NoFillReason] = [
        .noAdMatch, .frequencyCap, .contentUnsafe, .geoRestricted, .formatNotEnabled, .temporaryError, .unknown, .other("pacing"),
    ]

    @Test("A no-fill of each reason the server sends", arguments: noFillReasons)
    func noFillFromTheServer(reason: VideoAdError.NoFillReason) throws {
        let inspection = fold([
            Emitted.adRequested("r1", labels: ["stage": "mid_series"]),
            Emitted.noFill("r1", reason: reason),
            Emitted.thrown(.noFill(reason: reason), call: "format(.pause)", requestId: "r1"),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .noFill)
        #expect(ad.noFillReason == "\(reason)")
        #expect(ad.error == nil)
        #expect(ad.request?.labels == ["stage": "mid_series"])
        #expect(ad.timeline.map(\.name) == ["no fill", "error thrown"])
        #expect(ad.summary == "no fill (\(reason))")
    }

    @Test func noFillAlreadyUsedIsTheSDKsOwn() throws {
        // The server answered an ad already shown: the SDK throws `.alreadyUsed`, no server no-fill.
        let inspection = fold([
            Emitted.adRequested("r1"),
            Emitted.thrown(.noFill(reason: .alreadyUsed), call: "format(.pause)", requestId: "r1"),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .noFill)
        #expect(ad.noFillReason == "alreadyUsed")
    }

    static let thrownByFormat: [VideoAdError] = [
        .notInitialized, .initializationFailed, .destroyed, .disabled(reason: "maintenance"), .disabled(reason: nil),
        .request(VideoAdRequestError.network(.notConnectedToInternet)), .request(VideoAdRequestError.timedOut),
        .request(VideoAdRequestError.http(status: 503)),
        .request(VideoAdRequestError.server(code: "bad_token", message: "unknown publisher", permanent: true)),
        .request(VideoAdRequestError.invalidResponse("not JSON")),
    ]

    @Test("Each error format(_:) throws, with and without a request id", arguments: thrownByFormat, [true, false])
    func formatErrors(error: VideoAdError, hasRequest: Bool) throws {
        let inspection = fold([Emitted.thrown(error, call: "format(.linear)", requestId: hasRequest ? "r9" : nil)])
        let ad = try #require(inspection.ads.only)
        #expect(ad.format == "linear")
        #expect(ad.stage == .requestFailed)
        #expect(ad.requestId == (hasRequest ? "r9" : nil))
        #expect(ad.error == "\(error): \(error.errorDescription!)")
        #expect(ad.timeline.only?.detail == "format(.linear) threw \(error): \(error.errorDescription!)")
    }

    @Test func trackingDataLeftOutOfARequestIsOnItsTimeline() throws {
        let inspection = fold([
            Emitted.adRequested("r1"),
            KontextVideoEvent(.state, .trackingDataOmitted, attributes: ["requestId": "r1", "format": "pause", "reason": "notAuthorized"]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.timeline.map(\.name) == ["tracking data left out"])
        #expect(ad.timeline.first?.detail == "reason=notAuthorized")
    }

    @Test func aFailedRequestSaysTheWiresFailure() throws {
        let inspection = fold([
            Emitted.adRequested("r1", format: "overlay"),
            Emitted.requestFailed("r1", format: "overlay", failure: "http(503)"),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .requestFailed)
        #expect(ad.error == "http(503)")
    }

    static let thrownByAdCalls: [VideoAdError] = [
        .alreadyShown, .anotherAdShowing, .invalidated(.expired), .notLoaded, .contentPaused,
        .containerTooSmall(minimum: CGSize(width: 320, height: 180)), .presenterUnavailable, .wrongPresentation,
        .creativeFailed(code: 403), .destroyed, .disabled(reason: nil),
    ]

    @Test("Each error an ad's call throws lands on that ad's timeline", arguments: thrownByAdCalls)
    func adCallErrors(error: VideoAdError) throws {
        let inspection = fold([
            Emitted.adRequested("r1"),
            Emitted.adReceived("ad-1", requestId: "r1"),
            Emitted.thrown(error, call: "show(in:insets:)", adId: "ad-1"),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .received, "an ad call's error does not change how far the ad got")
        #expect(ad.error == nil)
        #expect(ad.timeline.last?.detail == "show(in:insets:) threw \(error): \(error.errorDescription!)")
    }

    @Test("Each end reason", arguments: VideoAdEndReason.allCases, [true, false])
    func endReasons(reason: VideoAdEndReason, completed: Bool) throws {
        let inspection = fold([
            Emitted.adRequested("r1", format: "linear"),
            Emitted.adReceived("ad-1", requestId: "r1", format: "linear", creative: "vast"),
            Emitted.ad(.load, "ad-1", format: "linear"),
            Emitted.ad(.loaded, "ad-1", format: "linear"),
            Emitted.ad(.presenting, "ad-1", format: "linear"),
            Emitted.ad(.didRecordImpression, "ad-1", format: "linear", kind: .delegate),
            Emitted.ad(.didEnd, "ad-1", format: "linear", kind: .delegate, ["reason": reason.rawValue, "completed": "\(completed)"]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .ended)
        #expect(ad.endReason == reason.rawValue)
        #expect(ad.completed == completed)
        #expect(ad.timeline.map(\.name) == ["ad received", "load", "loaded", "presenting", "didRecordImpression", "didEnd"])
        #expect(ad.summary == "ended (\(reason.rawValue))")
    }

    @Test func anAdThatFailsOnScreenSaysWhyThenEnds() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1", format: "overlay"),
            Emitted.ad(.shown, "ad-1", format: "overlay"),
            KontextVideoEvent(.delegate, .didFail, level: .error, attributes: ["adId": "ad-1", "format": "overlay", "error": "creativeFailed(code: 405)"]),
            Emitted.ad(.didEnd, "ad-1", format: "overlay", kind: .delegate, ["reason": "failed", "completed": "false"]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .ended)
        #expect(ad.endReason == "failed")
        #expect(ad.timeline.contains { $0.name == "didFail" && $0.detail == "error=creativeFailed(code: 405)" })
    }

    static let invalidationReasons: [VideoAdInvalidationReason] = [.expired, .rejected, .destroyed, .creativeFailed(code: 403)]

    @Test("Each way an ad ends before it is shown", arguments: invalidationReasons)
    func invalidations(reason: VideoAdInvalidationReason) throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1"),
            Emitted.ad(.invalidated, "ad-1", ["reason": "\(reason)"]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.stage == .invalidated)
        #expect(ad.invalidation == "\(reason)")
        #expect(ad.summary == "invalidated (\(reason))")
    }

    @Test func theVASTChainEachHopWithItsTimeAndStatusThenTheMediaFile() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1", format: "linear", creative: "vast"),
            Emitted.hop("ad-1", depth: 0, outcome: "fetched 812 bytes", elapsed: 0.04),
            Emitted.hop("ad-1", depth: 1, outcome: "fetched 1904 bytes", elapsed: 0.125),
            Emitted.hop("ad-1", depth: 2, outcome: "error 301", elapsed: nil),
            KontextVideoEvent(.state, .mediaFileChosen, attributes: [
                "adId": "ad-1", "url": "https://cdn.example/ad.m3u8", "type": "application/x-mpegURL", "size": "1280x720",
                "bitrate": "1500", "reason": "2 of 3 files playable; HLS preferred",
            ]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.vastChain.map(\.depth) == [0, 1, 2])
        #expect(ad.vastChain.map(\.seconds) == [0.04, 0.125, nil])
        #expect(ad.vastChain.map(\.errorCode) == [nil, nil, 301])
        #expect(ad.vastChain[1].outcome == "fetched 1904 bytes")
        let file = try #require(ad.mediaFile)
        #expect(file.url == "https://cdn.example/ad.m3u8")
        #expect(file.bitrate == 1500)
        #expect(file.reason == "2 of 3 files playable; HLS preferred")
    }

    @Test func aVASTWalkWithNothingToPlaySaysWhy() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1", format: "linear", creative: "vast"),
            KontextVideoEvent(.error, .vastFailed, attributes: ["adId": "ad-1", "code": "403", "why": "no supported media file among 1"]),
            Emitted.ad(.invalidated, "ad-1", format: "linear", ["reason": "creativeFailed(code: 403)"]),
        ])
        let ad = try #require(inspection.ads.only)
        #expect(ad.vastError == "VAST error 403: no supported media file among 1")
        #expect(ad.invalidation == "creativeFailed(code: 403)")
    }
}

@Suite("The inspector's model: deliveries")
struct InspectionDeliveryTests {
    @Test func anEventGoesFromQueuedThroughRetriesToSent() throws {
        var events = [Emitted.adReceived("ad-1", requestId: "r1"), Emitted.queuedEvent("e1", type: "impression", adId: "ad-1", pending: 1)]
        events += [Emitted.retry(delay: 1, pending: 1), Emitted.retry(delay: 2, pending: 1)]
        let waiting = try #require(fold(events).ads.only?.deliveries.only)
        #expect(waiting.state == .retrying)
        #expect(waiting.retries == 2)
        #expect(waiting.detail == "tried again in 2.0 s")
        let sent = try #require(fold(events + [Emitted.delivered("e1")]).ads.only?.deliveries.only)
        #expect(sent.state == .sent)
        #expect(sent.kind == .event)
        #expect(sent.name == "impression")
        #expect(sent.retries == 2)
        #expect(sent.detail == nil)
        #expect(sent.queuedAt != nil && sent.settledAt != nil)
    }

    @Test func aPixelIsTiedToItsAdAndItsVASTEvent() throws {
        let inspection = fold([Emitted.adReceived("ad-1", requestId: "r1", format: "linear", creative: "vast")]
            + Emitted.queuedPixel("p1", adId: "ad-1", event: "firstQuartile")
            + [Emitted.delivered("p1", status: 204)])
        #expect(inspection.unattributedDeliveries.isEmpty)
        let pixel = try #require(inspection.ads.only?.deliveries.only)
        #expect(pixel.kind == .pixel)
        #expect(pixel.name == "firstQuartile")
        #expect(pixel.url == "https://track.example/firstQuartile")
        #expect(pixel.state == .sent)
        #expect(pixel.httpStatus == 204)
    }

    @Test func aPixelThatMayHaveReachedItsTrackerIsGivenUpWithTheReason() throws {
        let inspection = fold([Emitted.adReceived("ad-1", requestId: "r1")] + Emitted.queuedPixel("p1", adId: "ad-1", event: "impression") + [
            KontextVideoEvent(.beacon, .givenUp, level: .warning, attributes: [
                "id": "p1", "url": "https://track.example/impression", "reason": "may have reached the tracker (timedOut); not sent twice",
            ]),
        ])
        let pixel = try #require(inspection.ads.only?.deliveries.only)
        #expect(pixel.state == .givenUp)
        #expect(pixel.detail == "may have reached the tracker (timedOut); not sent twice")
    }

    @Test func anEventLeftOutOfAcceptedTooOftenIsGivenUp() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1"), Emitted.queuedEvent("e1", type: "click", adId: "ad-1"),
            KontextVideoEvent(.beacon, .givenUp, level: .error, attributes: ["id": "e1", "type": "click", "adId": "ad-1"]),
        ])
        let event = try #require(inspection.ads.only?.deliveries.only)
        #expect(event.state == .givenUp)
        #expect(event.detail == "left out of the server's accepted list too many times")
    }

    @Test func aBatchRefusedForGoodGivesUpEachOfItsEvents() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1"),
            Emitted.queuedEvent("e1", type: "impression", adId: "ad-1", pending: 1),
            Emitted.queuedEvent("e2", type: "ended", adId: "ad-1", pending: 2),
            KontextVideoEvent(.error, .eventsRefused, level: .error, attributes: ["status": "422", "count": "2", "ids": "e1,e2"]),
        ])
        let deliveries = try #require(inspection.ads.only?.deliveries)
        #expect(deliveries.map(\.state) == [.givenUp, .givenUp])
        #expect(deliveries.first?.detail == "refused for good by the server (HTTP 422)")
        #expect(inspection.session.eventQueueDepth == 0)
    }

    @Test func droppedEntriesSayWhy() throws {
        let inspection = fold([
            Emitted.adReceived("ad-1", requestId: "r1"),
            Emitted.queuedEvent("e1", type: "impression", adId: "ad-1"),
            KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: ["id": "e1", "type": "impression", "adId": "ad-1", "droppedCount": "1"]),
        ] + Emitted.queuedPixel("p1", adId: "ad-1", event: "start") + [
            KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: ["id": "p1", "url": "javascript:alert(1)"]),
        ])
        let deliveries = try #require(inspection.ads.only?.deliveries)
        #expect(deliveries.map(\.state) == [.dropped, .dropped])
        #expect(deliveries.map(\.detail) == ["the queue was full: the oldest entry went", "not a URL a GET can fetch"])
    }

    @Test func deliveriesOfNoAdSeenAreKeptApart() throws {
        // Queued by an earlier launch: delivered before the inspector saw them queued.
        let inspection = fold([
            KontextVideoEvent(.beacon, .delivered, attributes: ["id": "old-1", "type": "ended", "adId": "gone"]),
            KontextVideoEvent(.beacon, .delivered, attributes: ["id": "old-2", "url": "https://track.example/complete", "status": "200"]),
        ])
        #expect(inspection.ads.isEmpty)
        #expect(inspection.unattributedDeliveries.map(\.id) == ["old-1", "old-2"])
        #expect(inspection.unattributedDeliveries.map(\.state) == [.sent, .sent])
        #expect(inspection.unattributedDeliveries.map(\.kind) == [.event, .pixel])
    }

    @Test func theQueuesDepthFollowsWhatTheSDKSays() {
        var events = [Emitted.adReceived("ad-1", requestId: "r1")]
        events += [Emitted.queuedEvent("e1", type: "impression", adId: "ad-1", pending: 3), Emitted.delivered("e1")]
        #expect(fold(events).session.eventQueueDepth == 2)
        #expect(fold(events + [Emitted.retry(delay: 1, pending: 5)]).session.eventQueueDepth == 5)
        #expect(fold([]).session.eventQueueDepth == nil)
    }
}

@Suite("The inspector's model: the session")
struct InspectionSessionTests {
    @Test(arguments: [
        ("enabled", nil, KontextVideoInspection.Session.Initialization.enabled, nil),
        ("disabled(reason: Optional(\"maintenance\"))", "maintenance", .disabled, "maintenance"),
        ("disabled(reason: nil)", "", .disabled, nil),
        ("failed", nil, .failed, nil),
    ] as [(String, String?, KontextVideoInspection.Session.Initialization, String?)])
    func initialization(state: String, reason: String?, expected: KontextVideoInspection.Session.Initialization, disabledReason: String?) {
        var finished = ["state": state]
        finished["reason"] = reason
        let started = fold([KontextVideoEvent(.state, .initialize, level: .info, attributes: ["server": "https://server.example", "version": "0.2.0"])])
        #expect(started.session.initialization == .initializing)
        #expect(started.session.server == "https://server.example")
        #expect(started.session.sdkVersion == "0.2.0")
        let inspection = fold([
            KontextVideoEvent(.state, .initialize, level: .info, attributes: ["server": "https://server.example", "version": "0.2.0"]),
            KontextVideoEvent(.state, .initialized, level: .debug, attributes: ["state": state]),
            KontextVideoEvent(.state, .initialized, level: .info, attributes: finished),
        ])
        #expect(inspection.session.initialization == expected)
        #expect(inspection.session.disabledReason == disabledReason)
        #expect(inspection.session.timeline.map(\.name) == ["initialize", "initialized"], "one moment for the wire's and the SDK's report")
    }

    @Test func initsAttemptsAndRetriesAreSessionMoments() {
        let inspection = fold([
            KontextVideoEvent(.request, .initRequest, attributes: ["attempt": "1", "url": "https://server.example/init"]),
            KontextVideoEvent(.response, .initRequest, attributes: ["attempt": "1", "status": "503", "bytes": "0"]),
            KontextVideoEvent(.retry, .initRequest, level: .info, attributes: ["attempt": "2", "delay": "1.0", "reason": "http(503)"]),
            KontextVideoEvent(.error, .initRequest, level: .warning, attributes: ["failure": "timedOut"]),
        ])
        #expect(inspection.session.timeline.map(\.detail) == [
            "attempt=1 url=https://server.example/init", "attempt=1 bytes=0 status=503", "attempt=2 delay=1.0 reason=http(503)", "failure=timedOut",
        ])
    }

    @Test func theConsentSignalsTheLastRequestCarried() throws {
        let inspection = fold([
            Emitted.adRequested("r1", consent: ["gdpr": "1", "gdprConsent": "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"]),
            Emitted.adRequested("r2", format: "linear", consent: ["gdpr": "1", "usPrivacy": "1YNN", "gppSid": "2_7"]),
        ])
        #expect(inspection.session.consentSignals == ["gdpr": "1", "usPrivacy": "1YNN", "gppSid": "2_7"])
        #expect(inspection.ads.first?.request?.consentSignals["gdprConsent"]?.hasPrefix("CPX") == true)
        #expect(inspection.session.consentSentAt == inspection.ads.last?.request?.at)
    }

    @Test func theQueuesOwnStoryIsTheSessions() {
        let inspection = fold([
            KontextVideoEvent(.beacon, .queueMigrated, level: .info, attributes: ["count": "3", "server": "https://server.example"]),
            KontextVideoEvent(.beacon, .queuedEntriesExpired, level: .warning, attributes: [
                "count": "2", "events": "2", "pixels": "0", "server": "https://old.example", "reason": "recorded for another server",
            ]),
        ])
        #expect(inspection.session.timeline.map(\.name) == ["event queue migrated", "queued entries expired"])
    }

    @Test func warningsOfNoAdAreSessionMoments() {
        let inspection = fold([
            KontextVideoEvent(.warning, .labelsDropped, level: .warning, attributes: ["count": "1", "message": "label \"Bad Key\" dropped"]),
            KontextVideoEvent(.error, .queueCorrupt, level: .error, attributes: ["reason": "not JSON"]),
            KontextVideoEvent(.request, .preloadRequest, attributes: ["attempt": "1", "url": "https://server.example/video/preload"]),
        ])
        #expect(inspection.session.timeline.map(\.name) == ["labels dropped", "event queue corrupt"], "a debug line of the wire is summed up elsewhere")
    }
}

@Suite("The inspector's model: limits")
struct InspectionLimitTests {
    @Test func theNewestHundredAdsAreKept() throws {
        let total = InspectionReducer.adLimit + 3
        var events: [KontextVideoEvent] = []
        for number in 1...total {
            events.append(Emitted.adReceived("ad-\(number)", requestId: "r\(number)"))
            events.append(Emitted.queuedEvent("e\(number)", type: "impression", adId: "ad-\(number)"))
        }
        events.append(Emitted.delivered("e1"))   // the first ad was left out: its delivery is no ad's now
        let inspection = fold(events)
        #expect(inspection.ads.count == InspectionReducer.adLimit)
        #expect(inspection.adsLeftOut == 3)
        #expect(inspection.ads.first?.adId == "ad-4")
        #expect(inspection.unattributedDeliveries.map(\.id) == ["e1"])
        #expect(inspection.text.contains("Ad 4 · pause"), "ads keep their numbers")
    }

    @Test func anAdsTimelineKeepsItsNewestMoments() throws {
        var events = [Emitted.adReceived("ad-1", requestId: "r1", format: "overlay")]
        for _ in 0..<(InspectionReducer.listLimit + 10) {
            events.append(KontextVideoEvent(.state, .creativeMessage, attributes: ["adId": "ad-1", "type": "resize-iframe"]))
        }
        let ad = try #require(fold(events).ads.only)
        #expect(ad.timeline.count == InspectionReducer.listLimit)
        #expect(ad.timeline.first?.name == "creative message", "the answer's moment was the oldest")
    }
}

extension Collection {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
