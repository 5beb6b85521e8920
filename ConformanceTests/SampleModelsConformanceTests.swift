import Testing
import KontextVideo

/// Clauses that only need the public value types. The tag convention (`[ID]` in the display
/// name) is described in `ConformanceTests/README.md`.
@Suite("Conformance: public value types")
@MainActor
struct SampleModelsConformanceTests {
    @Test("[DEF-001] requestTrackingAuthorization defaults to false")
    func trackingAuthorizationDefaultsToFalse() {
        #expect(KontextVideo.Configuration(publisherToken: "acme-dev").requestTrackingAuthorization == false)
    }

    @Test("[DEF-002] logLevel defaults to .warning")
    func logLevelDefaultsToWarning() {
        #expect(KontextVideo.Configuration(publisherToken: "acme-dev").logLevel == .warning)
    }

    @Test("[MOD-003] LogLevel has exactly .none .error .warning .info .debug, in that order")
    func logLevelsInOrder() {
        #expect(KontextVideo.Configuration.LogLevel.allCases == [.none, .error, .warning, .info, .debug])
        #expect(KontextVideo.Configuration.LogLevel.allCases.sorted() == KontextVideo.Configuration.LogLevel.allCases)
    }

    @Test("[MOD-017] AdFormat has exactly .overlay .pause .linear")
    func adFormatHasThreeCases() {
        #expect(Set(AdFormat.allCases) == [.overlay, .pause, .linear])
        #expect(AdFormat.allCases.count == 3)
    }

    /// One row of PROTOCOL.md's `skipCode` table.
    struct WireCodeRow: Sendable, CustomTestStringConvertible {
        let code: String?
        let reason: VideoAdError.NoFillReason
        var testDescription: String { "[NOFILL-010] \(code.map { "\"\($0)\"" } ?? "absent") → \(reason)" }
    }

    @Test("[NOFILL-010] NoFillReason(wireCode:) implements the skipCode table", arguments: [
        WireCodeRow(code: "no_ad_match", reason: .noAdMatch),
        WireCodeRow(code: "unfilled_bid", reason: .noAdMatch),
        WireCodeRow(code: "frequency_cap", reason: .frequencyCap),
        WireCodeRow(code: "content_unsafe", reason: .contentUnsafe),
        WireCodeRow(code: "geo_restricted", reason: .geoRestricted),
        WireCodeRow(code: "format_not_enabled", reason: .formatNotEnabled),
        WireCodeRow(code: "temporary_error", reason: .temporaryError),
        WireCodeRow(code: nil, reason: .unknown),
        WireCodeRow(code: "brand_new_reason", reason: .other("brand_new_reason")),
        WireCodeRow(code: "NO_AD_MATCH", reason: .other("NO_AD_MATCH")),
        WireCodeRow(code: "", reason: .other("")),
    ])
    func wireCodeTable(row: WireCodeRow) {
        #expect(VideoAdError.NoFillReason(wireCode: row.code) == row.reason)
    }
}
