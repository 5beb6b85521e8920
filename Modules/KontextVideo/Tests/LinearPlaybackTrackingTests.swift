import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// A linear ad on the harness meets what a phone meets — the background, audio interruptions,
/// headphones unplugged, a click-through, the volume — and its VAST `pause`, `resume`, `mute`
/// and `unmute` pixels reach the ad server once per real change, through the SDK's own
/// playback session, tracking session and event pipeline.
@Suite("Linear playback: what a phone does, tracked")
@MainActor
struct LinearPlaybackTrackingTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    @Test func everyRealChangeIsTrackedOnce() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.linear)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try await ad.load()
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            video.play(to: 2)
            #expect(video.isPlaying)

            // The app goes to the background, a call comes in there, the viewer comes back
            // before its end is heard: the video waits for the viewer.
            harness.enterBackground()
            harness.beginAudioInterruption()
            harness.enterForeground()
            #expect(!video.isPlaying, "no end of the interruption was heard: the viewer decides")
            harness.endAudioInterruption(shouldResume: true)
            #expect(!video.isPlaying)
            video.pressResume()
            #expect(video.isPlaying)

            // An interruption the system says may resume (a declined call).
            harness.beginAudioInterruption()
            harness.endAudioInterruption(shouldResume: true)
            #expect(video.isPlaying)

            // A click-through: paused while the viewer is at the landing page.
            video.click()
            #expect(harness.clickOpener.isViewerAway)
            #expect(!video.isPlaying)
            harness.enterBackground()
            harness.clickOpener.viewerReturns()
            #expect(!video.isPlaying, "still in the background")
            harness.enterForeground()
            #expect(video.isPlaying)

            // Headphones out: paused until Resume.
            harness.unplugHeadphones()
            #expect(!video.isPlaying)
            video.pressResume()

            // The volume: down to silence twice, up twice.
            harness.setOutputVolume(0)
            harness.setOutputVolume(0)
            harness.setOutputVolume(0.5)
            harness.setOutputVolume(1)

            video.play(to: 4)
            video.pressSkip()
            #expect(!ad.hasEnded, "Skip shows at 5 s: pressing before does nothing")
            video.play(to: 5.5)
            #expect(video.announcements == ["You can skip the ad now"])
            video.pressSkip()
            #expect(ad.hasEnded)
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .skipped, isCompleted: false))

            await harness.flushEvents()
            let server = try #require(harness.server)
            _ = try await server.waitForPixelHits(count: 1, adId: ad.id, name: "skip")
            let names = server.pixelHits.filter { $0.adId == ad.id }.map(\.name)
            #expect(names.filter { $0 == "pause" }.count == 4, "background, interruption, click-through, headphones")
            #expect(names.filter { $0 == "resume" }.count == 4)
            #expect(names.filter { $0 == "mute" }.count == 1)
            #expect(names.filter { $0 == "unmute" }.count == 1)
            #expect(names.filter { $0 == "click" }.count == 1, "the click's own tracking")
            withExtendedLifetime(ads) {}
        }
    }

    @Test func aVideoThatStartsWhileTheAppIsInTheBackgroundWaitsForIt() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.linear)
            try await ad.load()
            harness.enterBackground()
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            #expect(!video.isPlaying)
            harness.enterForeground()
            #expect(video.isPlaying)
            withExtendedLifetime(ads) {}
        }
    }
}
