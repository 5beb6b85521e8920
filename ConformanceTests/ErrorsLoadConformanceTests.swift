import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The errors `VideoAd.load()` throws: a creative that fails or does not load in time (and the
/// one VAST error event a failed load fires), and a launch the server switched off.
@Suite("Conformance: errors thrown by load()")
@MainActor
struct ErrorsLoadConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    /// A creative that fails to load.
    struct FailingCreativeRow: Sendable, CustomTestStringConvertible {
        let format: AdFormat
        let label: String
        /// A scripted failure with this VAST code; `nil`: the sandbox's `creative`, really fetched.
        let scriptedCode: Int?
        let creative: SandboxCreative?
        var testDescription: String { "\(format): \(label)" }

        static let all: [FailingCreativeRow] = [
            FailingCreativeRow(format: .overlay, label: "creative fails with 502", scriptedCode: 502, creative: nil),
            FailingCreativeRow(format: .pause, label: "creative fails with 501", scriptedCode: 501, creative: nil),
            FailingCreativeRow(format: .linear, label: "creative fails with 405", scriptedCode: 405, creative: nil),
            FailingCreativeRow(format: .linear, label: "VAST tag is not well-formed XML", scriptedCode: nil, creative: .vast(.malformed)),
            FailingCreativeRow(format: .linear, label: "VAST wrapper leads to a 404", scriptedCode: nil, creative: .vast(.brokenWrapper)),
            FailingCreativeRow(format: .linear, label: "VAST media no player plays", scriptedCode: nil, creative: .vast(.unplayableMedia)),
            FailingCreativeRow(format: .linear, label: "VAST without an ad", scriptedCode: nil, creative: .vast(.noAd)),
        ]
    }

    @Test("[ERR-007][ERR-027] a creative that fails to load makes load() throw creativeFailed(code:) and invalidates the ad, with nothing delivered",
          arguments: FailingCreativeRow.all)
    func failingCreative(row: FailingCreativeRow) async throws {
        try await Fixture.run { fixture in
            let (ad, delegate, ads) = try await failingAd(row, fixture)
            defer { withExtendedLifetime(ads) {} }
            let thrown = await fixture.expectSilentThrow(
                matching: { error in
                    guard case .creativeFailed(let code) = error else { return false }
                    return row.scriptedCode.map { $0 == code } ?? true
                },
                expected: "creativeFailed(code: \(row.scriptedCode.map(String.init) ?? "any"))",
                ads: [ad], delegates: [delegate], adStateMayChange: true, vastError: ad.id
            ) {
                try await ad.load()
            }
            let code = ad.invalidationReason.flatMap { reason -> Int? in
                if case .creativeFailed(let code) = reason { code } else { nil }
            }
            #expect(code != nil, "invalidationReason is .creativeFailed(code:): \(ad.invalidationReason.map { "\($0)" } ?? "nil")")
            if case .creativeFailed(let thrownCode)? = thrown {
                #expect(code == thrownCode, "the invalidation carries the thrown code")
            }
            if let code {
                #expect((100...999).contains(code), "a VAST error code")
                if let scripted = row.scriptedCode { #expect(code == scripted) }
            }
            #expect(!ad.isLoaded && !ad.isReady && !ad.wasShown && !ad.hasEnded)
            #expect(delegate.callbacks.isEmpty, "nothing is delivered before show()")
        }
    }

    @Test("[ERR-017] a failed load() fires exactly one vast_error, with the code it failed with", arguments: FailingCreativeRow.all)
    func failedLoadFiresOneVASTError(row: FailingCreativeRow) async throws {
        try await Fixture.run { fixture in
            let (ad, delegate, ads) = try await failingAd(row, fixture)
            defer { withExtendedLifetime(ads) {} }
            // Only the event is this clause's concern; which case load() throws is ERR-027's.
            await fixture.expectSilentThrow(
                matching: { error in
                    switch error {
                    case .creativeFailed, .invalidated(.creativeFailed): true
                    default: false
                    }
                },
                expected: "creativeFailed(code:)",
                ads: [ad], delegates: [delegate], adStateMayChange: true, vastError: ad.id
            ) {
                try await ad.load()
            }
            guard case .creativeFailed(let code)? = ad.invalidationReason else {
                Issue.record("the ad is not invalidated by the failure")
                return
            }
            // A second load() of the failed ad fires nothing more.
            await fixture.expectSilentThrow([.invalidated(.creativeFailed(code: code))], ads: [ad], delegates: [delegate]) {
                try await ad.load()
            }
            let vastErrors = fixture.server.uniqueEvents.filter { $0.type == "vast_error" && $0.adId == ad.id }
            #expect(vastErrors.count == 1, "exactly one vast_error for the failed load")
            #expect(vastErrors.first?.data["code"]?.intValue == code)
            #expect(fixture.server.uniqueEvents.filter { $0.adId == ad.id }.count == 1, "and no other event for the ad")
        }
    }

    /// An unloaded ad whose creative will fail to load as `row` says.
    private func failingAd(_ row: FailingCreativeRow, _ fixture: Fixture) async throws -> (VideoAd, RecordingDelegate, VideoAds) {
        if let code = row.scriptedCode {
            fixture.harness.creatives.enqueue(.fail(code: code, after: .zero), for: row.format)
        }
        if let creative = row.creative {
            fixture.server.enqueue(.ad(SandboxAd(creative: creative)), for: Fixture.wire(row.format))
        }
        let ads = fixture.makeAds()
        let ad = try await ads.format(row.format)
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        return (ad, delegate, ads)
    }

    /// A format, for the load time-out.
    struct TimeoutRow: Sendable, CustomTestStringConvertible {
        let format: AdFormat
        var testDescription: String { "[ERR-007][ERR-027] \(format)" }
    }

    @Test("[ERR-007][ERR-027] a creative not ready within 10 s of active time fails the load with creativeFailed(code:)",
          arguments: AdFormat.allCases.map(TimeoutRow.init))
    func loadTimeOut(row: TimeoutRow) async throws {
        try await Fixture.run { fixture in
            let harness = fixture.harness
            harness.creatives.enqueue(.stall, for: row.format)
            let ads = fixture.makeAds()
            let ad = try await ads.format(row.format)
            let delegate = RecordingDelegate()
            ad.delegate = delegate

            let thrown = await fixture.expectSilentThrow(
                matching: { if case .creativeFailed = $0 { true } else { false } },
                expected: "creativeFailed(code:)",
                ads: [ad], delegates: [delegate], adStateMayChange: true, vastError: ad.id
            ) {
                let finished = ErrorsConformanceTests.Flag()
                let load = Task { @MainActor in
                    defer { finished.isSet = true }
                    try await ad.load()
                }
                #expect(await fixture.yield { harness.creatives.creative(for: ad)?.loadCount == 1 })
                await harness.advance(by: .seconds(4))
                // Time in the background does not count.
                harness.enterBackground()
                await harness.advance(by: .seconds(30))
                harness.enterForeground()
                await harness.advance(by: .milliseconds(5_900))
                #expect(!finished.isSet, "still loading after 9.9 s of active time")
                #expect(!ad.isLoaded && ad.invalidationReason == nil)
                await harness.advance(by: .milliseconds(200))
                #expect(await fixture.yield { finished.isSet }, "the load failed once 10 s of active time passed")
                if !finished.isSet { ads.destroy() }
                try await load.value
            }
            guard case .creativeFailed(let code)? = thrown else { return }
            #expect((100...999).contains(code), "a VAST error code")
            #expect(ad.invalidationReason == .creativeFailed(code: code))
            #expect(!ad.isReady)
        }
    }

    /// A format, for a launch the server switched off.
    struct DisabledRow: Sendable, CustomTestStringConvertible {
        let format: AdFormat
        var testDescription: String {
            "[ERR-030]\(format == .linear ? "[ERR-051]" : "[ERR-038]") \(format)"
        }
    }

    @Test("[ERR-030][ERR-038][ERR-051] load() and show throw disabled(reason:) when the SDK is disabled for this launch",
          arguments: AdFormat.allCases.map(DisabledRow.init))
    func disabledLaunch(row: DisabledRow) async throws {
        try await Fixture.run { fixture in
            let delegate = RecordingDelegate()
            let (firstAds, secondAds) = (fixture.makeAds(), fixture.makeAds())
            let unloaded = try await firstAds.format(row.format)
            unloaded.delegate = delegate
            let loaded = try await fixture.loadedAd(row.format, from: secondAds, delegate: delegate)

            await fixture.relaunchDisabled(reason: "publisher_suspended")
            let disabled = VideoAdError.disabled(reason: "publisher_suspended")

            await fixture.expectSilentThrow([disabled], ads: [unloaded, loaded], delegates: [delegate]) {
                try await unloaded.load()
            }
            #expect(!unloaded.isLoaded)
            let view = HeadlessView()
            await fixture.expectSilentThrow([disabled], ads: [unloaded, loaded], delegates: [delegate], views: [view]) {
                try fixture.show(loaded, in: view)
            }
            #expect(!loaded.wasShown && view.adFrame == nil && fixture.harness.presenter.current == nil)
            withExtendedLifetime((firstAds, secondAds)) {}
        }
    }
}
