import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// The SDK's one wall clock (`SDKEnvironment.wallClock`) is what dates a server event: a test's
/// wall time, following its clock, reaches the event as the server receives it.
@Suite("Event timestamps")
@MainActor
struct EventTimestampTests {
    @Test func anImpressionCarriesTheInjectedWallClocksTimeOfTheShow() async throws {
        try await KontextVideoHarness.run { harness in
            // 2027-01-15T08:00:00Z at the clock's now, moving only with it.
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            KontextVideo.shared.beginSession { $0.wallClock = .following(harness.clock, from: start) }
            #expect(await harness.initialize() == .enabled)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            await harness.clock.advance(by: .milliseconds(61_250))
            let view = HeadlessView()
            try ad.show(in: view)
            await harness.flushEvents()
            let impression = try await harness.server!.waitForEvents(count: 1).first
            #expect(impression?.type == "impression")
            #expect(impression?.timestamp == "2027-01-15T08:01:01.250Z")
            withExtendedLifetime((ads, view)) {}
        }
    }

    /// A VAST pixel's `[TIMESTAMP]` (the impression, at the first frame; a quartile later) is
    /// dated by the same injected wall clock as the server's events, never by the device's date.
    @Test func aLinearAdsPixelsCarryTheInjectedWallClocksTimestamp() async throws {
        try await KontextVideoHarness.run { harness in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            KontextVideo.shared.beginSession { $0.wallClock = .following(harness.clock, from: start) }
            #expect(await harness.initialize() == .enabled)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.linear)
            try await ad.load()
            await harness.clock.advance(by: .milliseconds(2_500))
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            await harness.clock.advance(by: .milliseconds(4_000))
            video.play(to: 4)
            await harness.flushEvents()
            let server = try #require(harness.server)
            _ = try await server.waitForPixelHits(count: 1, adId: ad.id, name: "firstQuartile")
            let stamps = Dictionary(server.pixelHits.filter { $0.adId == ad.id }.map { ($0.name, $0.query["ts"]) }) { first, _ in first }
            #expect(stamps["impression"] == "2027-01-15T08:00:02.500Z")
            #expect(stamps["firstQuartile"] == "2027-01-15T08:00:06.500Z")
            withExtendedLifetime(ads) {}
        }
    }
}
