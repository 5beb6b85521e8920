import Foundation
import Testing
@testable import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// Over content the viewer sees on another screen (AirPlay, as a tracked `AVPlayer` reports it), no
/// overlay or pause ad is shown, and an overlay on screen ends `.interrupted`, counting nothing more.
@Suite("Ads over content seen elsewhere")
@MainActor
struct ContentElsewhereTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    @Test("neither an overlay nor a pause ad is shown over content on AirPlay; it stays ready", arguments: [AdFormat.overlay, .pause])
    func notShown(format: AdFormat) async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(isPlaying: format == .overlay, reportsPlaybackEvents: true)
            ads.track(player)
            player.contentOutput = .externalScreen
            let ad = try await ads.format(format)
            try await ad.load()
            let view = HeadlessView()
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show(in: view) }
            #expect(!ad.wasShown && ad.isReady)
            player.contentOutput = .here
            try ad.show(in: view)
            #expect(ad.wasShown, "shown once the content is back here")
            try ad.dismiss()
        }
    }

    @Test func anOverlayOnScreenEndsWhenTheContentMovesToAirPlayAndNeverCompletes() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(reportsPlaybackEvents: true)
            ads.track(player)
            let overlay = try await ads.format(.overlay)
            try await overlay.load()
            let delegate = RecordingDelegate()
            overlay.delegate = delegate
            let view = HeadlessView()
            try overlay.show(in: view)
            await harness.advance(by: .seconds(2))
            player.contentOutput = .externalScreen
            await harness.advance(by: .zero)
            #expect(delegate.endReasons == [.interrupted])
            #expect(!overlay.isCompleted)
            await harness.advance(by: .seconds(60))
            #expect(delegate.endReasons == [.interrupted])
            withExtendedLifetime(view) {}
        }
    }
}
