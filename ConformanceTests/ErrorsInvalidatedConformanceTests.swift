import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// An ad that ended before it was shown (expired, rejected, destroyed, creative failed): every
/// call on it throws that invalidation (or `destroyed`), with nothing shown and nothing fired.
@Suite("Conformance: errors thrown by an invalidated ad")
@MainActor
struct ErrorsInvalidatedConformanceTests {
    typealias Fixture = ErrorsConformanceFixture

    /// Why the ad ended, and its format.
    struct InvalidatedRow: Sendable, CustomTestStringConvertible {
        let reason: VideoAd.InvalidationReason
        let format: AdFormat

        var testDescription: String {
            var ids = ["ERR-010"]
            switch reason {
            case .expired, .rejected: ids.append("ERR-028")
            case .destroyed: ids.append("ERR-029")
            case .creativeFailed: break
            }
            ids.append("ERR-032")
            switch (reason, format) {
            case (.destroyed, .linear): ids.append("ERR-050")
            case (.destroyed, _): ids.append("ERR-037")
            case (_, .linear): ids.append("ERR-049")
            default: ids.append("ERR-036")
            }
            return ids.map { "[\($0)]" }.joined() + " \(reason) \(format)"
        }

        static let all: [InvalidatedRow] = [VideoAd.InvalidationReason.expired, .rejected, .destroyed, .creativeFailed(code: 405)]
            .flatMap { reason in AdFormat.allCases.map { InvalidatedRow(reason: reason, format: $0) } }
    }

    @Test("[ERR-010][ERR-028][ERR-029][ERR-032][ERR-036][ERR-037][ERR-049][ERR-050] load(), show and reject() on an ad that ended before it was shown throw its invalidation, firing nothing",
          arguments: InvalidatedRow.all)
    func invalidatedAd(row: InvalidatedRow) async throws {
        try await Fixture.run { fixture in
            let delegate = RecordingDelegate()
            let (ad, ads) = try await fixture.invalidatedAd(row.format, row.reason, delegate: delegate)
            defer { withExtendedLifetime(ads) {} }
            let view = HeadlessView()
            let invalidated = VideoAdError.invalidated(row.reason)
            let isDestroyed = row.reason == .destroyed

            // load(): a destroyed VideoAds throws `destroyed` (ERR-029), any other invalidation itself.
            await fixture.expectSilentThrow(isDestroyed ? [.destroyed] : [invalidated], ads: [ad], delegates: [delegate], views: [view]) {
                try await ad.load()
            }
            // show(in:) / show(from:).
            await fixture.expectSilentThrow(isDestroyed ? [.destroyed, invalidated] : [invalidated], ads: [ad], delegates: [delegate], views: [view]) {
                try fixture.show(ad, in: view)
            }
            // reject(): the invalidation, and no second reject event.
            await fixture.expectSilentThrow([invalidated], ads: [ad], delegates: [delegate], views: [view]) {
                try ad.reject()
            }
            await fixture.expectSilentThrow([invalidated], ads: [ad], delegates: [delegate], views: [view]) {
                try ad.reject(.outbid(winningPrice: 3, winner: nil))
            }

            #expect(ad.invalidationReason == row.reason, "the invalidation never changes")
            #expect(!ad.isReady && !ad.wasShown && !ad.hasEnded)
            #expect(delegate.callbacks.isEmpty, "nothing is delivered for an ad never shown")
            #expect(view.adFrame == nil && view.placements.isEmpty && fixture.harness.presenter.presentCount == 0)
            await fixture.harness.flushEvents()
            let rejects = fixture.server.uniqueEvents.filter { $0.type == "reject" && $0.adId == ad.id }
            #expect(rejects.count == (row.reason == .rejected ? 1 : 0), "one reject event for the one reject() that worked")
        }
    }
}
