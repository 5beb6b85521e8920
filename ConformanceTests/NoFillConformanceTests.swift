import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// `VideoAdError.NoFillReason` end to end: the sandbox answers `/video/preload` with a no-fill
/// (`skip: true, skipCode: …`, or 204) and `format()` throws `noFill(reason:)` with the reason
/// of the PROTOCOL.md table; `.alreadyUsed` when the server answers an ad the app just showed
/// or rejected, through any `VideoAds`.
@Suite("Conformance: no-fill reasons")
@MainActor
struct NoFillConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    /// One row of the `skipCode` table, as the server sends it.
    struct NoFillRow: Sendable, CustomTestStringConvertible {
        let id: String
        let answer: SandboxAnswer
        let label: String
        let reason: VideoAdError.NoFillReason
        var labels: [String: String] = [:]
        var testDescription: String { "[\(id)] \(label) → .\(reason)" }

        static func skip(_ id: String, _ code: String?, _ reason: VideoAdError.NoFillReason, labels: [String: String] = [:]) -> NoFillRow {
            NoFillRow(id: id, answer: .noFill(skipCode: code), label: code.map { "skipCode \"\($0)\"" } ?? "skip without skipCode",
                      reason: reason, labels: labels)
        }

        static let all: [NoFillRow] = [
            .skip("NOFILL-001", "no_ad_match", .noAdMatch),
            .skip("NOFILL-001", "unfilled_bid", .noAdMatch),
            .skip("NOFILL-002", "frequency_cap", .frequencyCap),
            .skip("NOFILL-003", "content_unsafe", .contentUnsafe),
            .skip("NOFILL-004", "geo_restricted", .geoRestricted),
            .skip("NOFILL-005", "format_not_enabled", .formatNotEnabled),
            .skip("NOFILL-005", "format_not_enabled", .formatNotEnabled, labels: ["stage": "first_episode", "layout": "fullscreen"]),
            .skip("NOFILL-006", "temporary_error", .temporaryError),
            .skip("NOFILL-008", nil, .unknown),
            NoFillRow(id: "NOFILL-008", answer: .noContent, label: "HTTP 204 without a body", reason: .unknown),
            .skip("NOFILL-009", "brand_new_reason", .other("brand_new_reason")),
            .skip("NOFILL-009", "NO_AD_MATCH", .other("NO_AD_MATCH")),
            .skip("NOFILL-009", "Frequency_Cap", .other("Frequency_Cap")),
        ]
    }

    @Test("[NOFILL-001...NOFILL-006][NOFILL-008][NOFILL-009] a no-fill answer makes format() throw noFill(reason:) with the reason of its skipCode; the next format() asks again",
          arguments: NoFillRow.all)
    func noFillReason(row: NoFillRow) async throws {
        try await Fixture.run { fixture in
            let server = fixture.server
            let ads = fixture.makeAds(labels: row.labels)
            for (index, format) in AdFormat.allCases.enumerated() {
                server.enqueue(row.answer, for: Fixture.wire(format))
                await fixture.expectSilentThrow([.noFill(reason: row.reason)], requestPaths: ["/video/preload"]) {
                    _ = try await ads.format(format)
                }
                let requests = server.requests(path: "/video/preload")
                #expect(requests.count == 2 * index + 1, "one request, no retry")
                if !row.labels.isEmpty {
                    let sent = requests.last?.json?["labels"]
                    for (key, value) in row.labels {
                        #expect(sent?[key]?.stringValue == value, "the request carried the labels the format is not enabled for")
                    }
                }
                // Nothing is held after a no-fill: the next format() asks the server again.
                let ad = try await ads.format(format)
                #expect(ad.format == format)
                #expect(server.requests(path: "/video/preload").count == 2 * index + 2)
            }
            await fixture.harness.flushEvents()
            #expect(server.uniqueEvents.isEmpty, "a no-fill fires nothing")
        }
    }

    /// A `skipCode` as the server sends it.
    struct WireCodeRow: Sendable, CustomTestStringConvertible {
        let code: String?
        var testDescription: String { "[NOFILL-010] \(code.map { "\"\($0)\"" } ?? "absent")" }
    }

    @Test("[NOFILL-010] format() throws the reason NoFillReason(wireCode:) maps the answer's skipCode to", arguments: [
        "no_ad_match", "unfilled_bid", "frequency_cap", "content_unsafe", "geo_restricted", "format_not_enabled",
        "temporary_error", nil, "brand_new_reason", "NO_AD_MATCH", "no_ad_match ", "",
    ].map(WireCodeRow.init))
    func wireCodeTableEndToEnd(row: WireCodeRow) async throws {
        try await Fixture.run { fixture in
            fixture.server.enqueue(.noFill(skipCode: row.code), for: .overlay)
            let ads = fixture.makeAds()
            await #expect(throws: VideoAdError.noFill(reason: VideoAdError.NoFillReason(wireCode: row.code))) {
                _ = try await ads.format(.overlay)
            }
        }
    }

    /// How the ad was used before the server answered it again.
    struct AlreadyUsedRow: Sendable, CustomTestStringConvertible {
        enum Use: String, Sendable { case shown, shownAndEnded = "shown and ended", rejected, rejectedUnloaded = "rejected before load()" }
        let format: AdFormat
        let use: Use
        var testDescription: String { "[NOFILL-007] \(format) \(use.rawValue)" }

        static let all = AdFormat.allCases.flatMap { format in
            [Use.shown, .shownAndEnded, .rejected, .rejectedUnloaded].map { AlreadyUsedRow(format: format, use: $0) }
        }
    }

    @Test("[NOFILL-007] format() throws noFill(reason: .alreadyUsed) when the server answers again an ad this VideoAds just showed or rejected",
          arguments: AlreadyUsedRow.all)
    func alreadyUsed(row: AlreadyUsedRow) async throws {
        try await Fixture.run { fixture in
            let server = fixture.server
            let wire = Fixture.wire(row.format)
            server.enqueue(.ad(SandboxAd(id: "ad-used")), .ad(SandboxAd(id: "ad-used")), .ad(SandboxAd(id: "ad-fresh")), for: wire)
            let ads = fixture.makeAds()
            let used = try await ads.format(row.format)
            #expect(used.id == "ad-used")
            let delegate = RecordingDelegate()
            used.delegate = delegate
            let view = HeadlessView()
            switch row.use {
            case .shown, .shownAndEnded:
                try await used.load()
                try fixture.show(used, in: view)
                if row.use == .shownAndEnded {
                    fixture.harness.creatives.creative(for: used)?.close()
                    #expect(used.hasEnded)
                }
            case .rejected:
                try await used.load()
                try used.reject()
            case .rejectedUnloaded:
                try used.reject()
            }
            let usedState = ErrorsConformanceFixture.AdState(used)

            await fixture.expectSilentThrow([.noFill(reason: .alreadyUsed)], ads: [used], delegates: [delegate], views: [view],
                                            requestPaths: ["/video/preload"]) {
                let again = try await ads.format(row.format)
                #expect(again !== used, "the used ad is never handed out again")
            }
            #expect(server.requests(path: "/video/preload").count == 2, "the server was asked, and answered the used ad")
            #expect(ErrorsConformanceFixture.AdState(used) == usedState)

            // Another ad is handed out as usual.
            let fresh = try await ads.format(row.format)
            #expect(fresh.id == "ad-fresh" && fresh !== used)
        }
    }

    /// The reference says "an ad you had just shown or rejected": the app's ads, not one object's.
    @Test("[NOFILL-007] an ad shown or rejected through one VideoAds is .alreadyUsed through another, until it could no longer be valid")
    func alreadyUsedAcrossTheApp() async throws {
        try await Fixture.run { fixture in
            let server = fixture.server
            server.enqueue(
                .ad(SandboxAd(id: "ad-used", expiresIn: 60)), .ad(SandboxAd(id: "ad-used", expiresIn: 60)),
                .ad(SandboxAd(id: "ad-used", expiresIn: 60)), for: .pause)
            let firstEpisode = fixture.makeAds()
            let used = try await firstEpisode.format(.pause)
            try used.reject()

            let secondEpisode = fixture.makeAds()
            await #expect(throws: VideoAdError.noFill(reason: .alreadyUsed)) { _ = try await secondEpisode.format(.pause) }

            // Once the rejected ad's own answer has expired, the id is a new ad of the server's.
            await fixture.harness.advance(by: .seconds(61))
            let again = try await secondEpisode.format(.pause)
            #expect(again.id == "ad-used" && again !== used && again.isReady == false)
        }
    }
}
