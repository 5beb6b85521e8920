import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The errors `VideoAds.format(_:)` throws (the `VideoAdError` table and the `format(_:)` throw
/// list), and `destroy()` ending a call in flight.
@Suite("Conformance: errors thrown by format()")
@MainActor
struct ErrorsConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    @Test("[ERR-001][ERR-022] format() before initialize(with:) throws notInitialized and sends nothing")
    func formatBeforeInitialize() async throws {
        try await Fixture.run(initialize: false) { fixture in
            let ads = fixture.makeAds()
            for format in AdFormat.allCases {
                await fixture.expectSilentThrow([.notInitialized]) { _ = try await ads.format(format) }
            }
            #expect(fixture.server.requests.isEmpty, "nothing reached the server")
            // Once initialized, the same VideoAds works.
            #expect(await fixture.harness.initialize() == .enabled)
            let ad = try await ads.format(.pause)
            #expect(ad.format == .pause)
        }
    }

    @Test("[ERR-002][ERR-023] format() throws initializationFailed when /init stays unreachable, after its own /init retry")
    func formatWhenTheServerStaysUnreachable() async throws {
        try await Fixture.run(initialize: false) { fixture in
            let server = fixture.server
            // Every attempt of the launch's /init, and of format()'s retry, is dropped.
            for _ in 0..<8 { server.enqueueInit(.drop) }
            let state = await fixture.driving { await fixture.harness.initialize() }
            #expect((try? state.get()) == .failed)
            let launchAttempts = server.requests(path: "/init").count
            #expect(launchAttempts == 4, "the launch's /init: one attempt and three retries (PROTOCOL.md)")

            let ads = fixture.makeAds()
            let result = await fixture.driving { try await ads.format(.overlay) }
            #expect(throws: VideoAdError.initializationFailed) { try result.get() }
            #expect(server.requests(path: "/init").count > launchAttempts, "format() retried /init first")
            #expect(server.requests(path: "/video/preload").isEmpty, "no ad request without an initialized SDK")

            // "Every format() retries": once /init answers, the next format() gets its ad.
            let retried = await fixture.driving { try await ads.format(.overlay) }
            let ad = try retried.get()
            #expect(ad.format == .overlay)
            #expect(server.requests(path: "/video/preload").count == 1)
        }
    }

    @Test("[ERR-002][ERR-023] format() throws initializationFailed when /init and its retry fail with a server error")
    func formatWhenInitFailsTwice() async throws {
        try await Fixture.run(initialize: false) { fixture in
            fixture.server.enqueueInit(.serverError(status: 503), .serverError(status: 503))
            #expect(await fixture.harness.initialize() == .failed)
            let ads = fixture.makeAds()
            await fixture.expectSilentThrow([.initializationFailed], requestPaths: ["/init"]) {
                _ = try await ads.format(.pause)
            }
            #expect(fixture.server.requests(path: "/init").count == 2, "format() retried /init once")
            #expect(fixture.server.requests(path: "/video/preload").isEmpty)
        }
    }

    @Test("[ERR-003][ERR-020] format() on a destroyed VideoAds throws destroyed and sends nothing")
    func formatAfterDestroy() async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            let held = try await ads.format(.pause)
            ads.destroy()
            #expect(ads.isDestroyed)
            #expect(held.invalidationReason == .destroyed)
            for format in AdFormat.allCases {
                await fixture.expectSilentThrow([.destroyed], ads: [held]) { _ = try await ads.format(format) }
            }
            #expect(fixture.server.requests(path: "/video/preload").count == 1, "only the request before destroy()")
        }
    }

    /// A `disabledReason` of `/init`.
    struct DisabledRow: Sendable, CustomTestStringConvertible {
        let reason: String?
        var testDescription: String { "[ERR-004][ERR-021] disabledReason \(reason.map { "\"\($0)\"" } ?? "absent")" }
    }

    @Test("[ERR-004][ERR-021] format() after /init answered enabled: false throws disabled(reason:) and sends no ad request",
          arguments: [DisabledRow(reason: "publisher_suspended"), DisabledRow(reason: nil)])
    func formatWhenDisabled(row: DisabledRow) async throws {
        try await Fixture.run(initialize: false) { fixture in
            fixture.server.enqueueInit(.disabled(reason: row.reason))
            #expect(await fixture.harness.initialize() == .disabled(reason: row.reason))
            let ads = fixture.makeAds()
            for format in AdFormat.allCases {
                await fixture.expectSilentThrow([.disabled(reason: row.reason)]) { _ = try await ads.format(format) }
            }
            #expect(fixture.server.requests(path: "/video/preload").isEmpty)
            #expect(fixture.server.requests(path: "/init").count == 1, "disabled is the launch's answer: no retry")
        }
    }

    /// A no-fill answer to `/video/preload`.
    struct NoFillAnswerRow: Sendable, CustomTestStringConvertible {
        let label: String
        let answer: SandboxAnswer
        let reason: VideoAdError.NoFillReason
        var testDescription: String { "[ERR-005][ERR-018] \(label)" }
    }

    @Test("[ERR-005][ERR-018] format() throws noFill(reason:) for a no-fill answer (200 with skip, or 204)", arguments: [
        NoFillAnswerRow(label: "200 skip with skipCode", answer: .noFill(skipCode: "geo_restricted"), reason: .geoRestricted),
        NoFillAnswerRow(label: "200 skip without skipCode", answer: .noFill(skipCode: nil), reason: .unknown),
        NoFillAnswerRow(label: "HTTP 204", answer: .noContent, reason: .unknown),
    ])
    func formatThrowsNoFill(row: NoFillAnswerRow) async throws {
        try await Fixture.run { fixture in
            let ads = fixture.makeAds()
            for format in AdFormat.allCases {
                fixture.server.enqueue(row.answer, for: Fixture.wire(format))
                await fixture.expectSilentThrow([.noFill(reason: row.reason)], requestPaths: ["/video/preload"]) {
                    _ = try await ads.format(format)
                }
            }
            #expect(fixture.server.requests(path: "/video/preload").count == 3, "one request per format, no retry")
        }
    }

    /// An answer that makes the ad request fail.
    struct RequestFailureRow: Sendable, CustomTestStringConvertible {
        let label: String
        let answer: SandboxAnswer
        /// Attempts the SDK makes (PROTOCOL.md: network failures and 429 are retried 3 times).
        let attempts: Int
        var testDescription: String { "[ERR-006][ERR-019] \(label)" }
    }

    @Test("[ERR-006][ERR-019] format() throws request(_:) for an error answer, a 5xx, or a network failure after the retries, when no valid ad is held",
          arguments: [
              RequestFailureRow(label: "200 with errCode", answer: .error(code: "bad_request", message: "Missing content.id"), attempts: 1),
              RequestFailureRow(label: "401 with a permanent errCode",
                                answer: .error(code: "invalid_token", message: "Unknown publisher token", permanent: true, status: 401), attempts: 1),
              RequestFailureRow(label: "503 without a body", answer: .serverError(status: 503), attempts: 1),
              RequestFailureRow(label: "500 without a body", answer: .serverError(status: 500), attempts: 1),
              RequestFailureRow(label: "connection dropped on every attempt", answer: .drop, attempts: 4),
              RequestFailureRow(label: "429 on every attempt", answer: .rateLimited(), attempts: 4),
          ])
    func formatThrowsRequest(row: RequestFailureRow) async throws {
        try await Fixture.run { fixture in
            let server = fixture.server
            let ads = fixture.makeAds()
            // The ad held for the format was shown and ended: it is no longer valid.
            let previous = try await ads.format(.pause)
            try await previous.load()
            let view = HeadlessView()
            try previous.show(in: view)
            try previous.dismiss()
            #expect(previous.hasEnded)
            await fixture.harness.flushEvents()
            let eventsBefore = server.events.count

            for _ in 0..<row.attempts { server.enqueue(row.answer, for: .pause) }
            let result = await fixture.driving { try await ads.format(.pause) }
            switch result {
            case .success(let ad):
                Issue.record("expected request(_:), got the ad \(ad.id)")
            case .failure(let error as VideoAdError):
                guard case .request = error else {
                    Issue.record("expected request(_:), got \(error)")
                    break
                }
            case .failure(let error):
                Issue.record("expected request(_:), got \(error)")
            }
            #expect(server.requests(path: "/video/preload").count == 1 + row.attempts)
            await fixture.harness.flushEvents()
            #expect(server.events.count == eventsBefore, "a failed request fires nothing")

            // The failure is not remembered: the next format() asks again.
            let next = try await ads.format(.pause)
            #expect(next !== previous)
            #expect(server.requests(path: "/video/preload").count == 2 + row.attempts)
        }
    }

    @Test("[ERR-024] a cancelled format() throws CancellationError at once; the request goes on and the next format() returns its ad")
    func cancelledFormat() async throws {
        try await Fixture.run { fixture in
            let server = fixture.server
            let gate = server.hold(.ad(SandboxAd(id: "ad-late")), for: .pause)
            let ads = fixture.makeAds()
            let finished = Flag()
            let task = Task { @MainActor in
                defer { finished.isSet = true }
                return try await ads.format(.pause)
            }
            try await gate.waitUntilHeld()
            task.cancel()
            // The answer is still held: format() must come back without it.
            let cameBack = await fixture.yield { finished.isSet }
            #expect(cameBack, "format() returned without waiting for the answer")
            if !cameBack { gate.release() }
            await #expect(throws: CancellationError.self) { _ = try await task.value }
            #expect(server.requests(path: "/video/preload").count == 1, "the request reached the server")

            gate.release()
            let ad = try await ads.format(.pause)
            #expect(ad.id == "ad-late", "the next format() returns the ad the cancelled request was answered with")
            #expect(server.requests(path: "/video/preload").count == 1, "without asking again")
        }
    }

    @Test("[ERR-025] a format() awaiting its answer when destroy() is called throws destroyed")
    func destroyDuringFormat() async throws {
        try await Fixture.run { fixture in
            let gate = fixture.server.hold(.ad(), for: .overlay)
            let ads = fixture.makeAds()
            let finished = Flag()
            let task = Task { @MainActor in
                defer { finished.isSet = true }
                return try await ads.format(.overlay)
            }
            try await gate.waitUntilHeld()
            ads.destroy()
            let cameBack = await fixture.yield { finished.isSet }
            #expect(cameBack, "format() returned once destroy() was called, without the answer")
            if !cameBack { gate.release() }
            await #expect(throws: VideoAdError.destroyed) { _ = try await task.value }
            gate.release()
            await #expect(throws: VideoAdError.destroyed) { _ = try await ads.format(.overlay) }
        }
    }

    @Test("[ERR-026] a load() awaiting its creative when destroy() is called throws destroyed")
    func destroyDuringLoad() async throws {
        try await Fixture.run { fixture in
            fixture.harness.creatives.enqueue(.stall, for: .pause)
            let ads = fixture.makeAds()
            let ad = try await ads.format(.pause)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let finished = Flag()
            let task = Task { @MainActor in
                defer { finished.isSet = true }
                try await ad.load()
            }
            let loading = await fixture.yield { fixture.harness.creatives.creative(for: ad)?.loadCount == 1 }
            #expect(loading, "the creative is loading")
            #expect(!finished.isSet)
            ads.destroy()
            #expect(await fixture.yield { finished.isSet }, "load() returned once destroy() was called")
            await #expect(throws: VideoAdError.destroyed) { try await task.value }
            #expect(!ad.isLoaded && !ad.isReady && !ad.wasShown)
            #expect(ad.invalidationReason == .destroyed)
            #expect(delegate.callbacks.isEmpty, "nothing is delivered before show()")
        }
    }

    /// Set once a task finished.
    @MainActor
    final class Flag {
        var isSet = false
    }
}
