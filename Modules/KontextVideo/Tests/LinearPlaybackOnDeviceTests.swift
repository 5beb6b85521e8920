import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// Issue 35's paths a viewer reaches with a linear ad, through the test kit a publisher uses: a
/// player that keeps reporting progress while the SDK holds the ad paused, remote play/pause, a
/// player that pauses by itself, an audio interruption that never ends, a video that fails
/// between `load()` and `show()`, and AirPlay. Each goes through the SDK's own playback session,
/// tracking session and event pipeline, and is checked at the sandbox ad server.
@Suite("Linear playback: held, remote, stuck, failed unshown, external")
@MainActor
struct LinearPlaybackOnDeviceTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// A linear ad, loaded, with `delegate` set (the SDK initialized first); not shown.
    func loadLinear(_ harness: KontextVideoHarness, delegate: RecordingDelegate) async throws -> (VideoAds, VideoAd) {
        await harness.initialize()
        let ads = VideoAds(content: content)
        let ad = try await ads.format(.linear)
        ad.delegate = delegate
        try await ad.load()
        return (ads, ad)
    }

    /// A shown linear ad (15 s, Skip at 5 s) with its first frame up, playing at 2 s.
    func showLinear(_ harness: KontextVideoHarness, delegate: RecordingDelegate) async throws -> (VideoAds, VideoAd, ScriptedCreative) {
        let (ads, ad) = try await loadLinear(harness, delegate: delegate)
        try ad.show()
        let video = try #require(harness.creatives.creative(for: ad))
        video.renderFirstFrame()
        video.play(to: 2)
        return (ads, ad, video)
    }

    /// The names of the ad's pixels the sandbox received, once `last` and each of `awaiting` (as
    /// many times as it says) arrived: waiting for the last one alone proved nothing of the others.
    func pixelNames(_ harness: KontextVideoHarness, ad: VideoAd, last: String, awaiting: [String: Int] = [:]) async throws -> [String] {
        await harness.flushEvents()
        let server = try #require(harness.server)
        for (name, count) in awaiting.merging([last: 1], uniquingKeysWith: max) {
            _ = try await server.waitForPixelHits(count: count, adId: ad.id, name: name)
        }
        return server.pixelHits.filter { $0.adId == ad.id }.map(\.name)
    }

    @Test("progress the player reports in the background or behind a click-through fires no quartile; pause and resume once per change")
    func progressWhileHeldCountsForNothing() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, ad, video) = try await showLinear(harness, delegate: delegate)

            // The app in the background: the player still says it moved, past the midpoint.
            harness.enterBackground()
            video.play(to: 4)
            video.play(to: 8)
            #expect(!video.isPlaying, "held: the session paused the player again")
            harness.enterForeground()
            #expect(video.isPlaying)
            // 2 s played, 6 s unseen: 8.5 s on the player is 2.5 s of the ad.
            video.play(to: 8.5)

            // A click-through open: the player says it passed the third quartile.
            video.click()
            #expect(!video.isPlaying)
            video.play(to: 10)
            video.play(to: 11.9)
            harness.clickOpener.viewerReturns()
            #expect(video.isPlaying)
            video.play(to: 12)
            video.pressSkip()
            #expect(!ad.hasEnded, "2.6 s of the ad played: Skip (at 5 s) counts the ad's own time")
            // 3.8 s of the ad: its first quartile (3.75 s), the only one.
            video.play(to: 13.2)
            video.play(to: 14.6)
            video.pressSkip()
            #expect(ad.hasEnded)

            let names = try await pixelNames(harness, ad: ad, last: "skip", awaiting: ["firstQuartile": 1])
            #expect(names.filter { $0 == "firstQuartile" }.count == 1, "\(names)")
            #expect(!names.contains("midpoint"))
            #expect(!names.contains("thirdQuartile"))
            #expect(!names.contains("complete"))
            #expect(names.filter { $0 == "pause" }.count == 2, "background, click-through: \(names)")
            #expect(names.filter { $0 == "resume" }.count == 2)
            withExtendedLifetime(ads) {}
        }
    }

    @Test("a player that runs to its end while the app is in the background fires no complete")
    func endReachedWhileHeldIsNoComplete() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, ad, video) = try await showLinear(harness, delegate: delegate)
            harness.enterBackground()
            video.play(to: 15)
            video.complete()
            #expect(ad.hasEnded)
            #expect(!ad.isCompleted)
            #expect(delegate.callbacks.contains(.fail(adId: ad.id, error: .creativeFailed(code: 405))))
            let names = try await pixelNames(harness, ad: ad, last: "pause")
            #expect(!names.contains("complete"), "\(names)")
            #expect(!names.contains("firstQuartile"))
            withExtendedLifetime(ads) {}
        }
    }

    @Test("the system's play and pause commands pause and resume the ad; each pixel once per real change")
    func remoteCommandsPauseAndResume() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            #expect(harness.publishesNowPlayingInfo, "an app that publishes Now Playing info, by default")
            let (ads, ad, video) = try await showLinear(harness, delegate: delegate)
            #expect(video.handlesRemoteCommands, "the SDK took the commands as the ad started")
            video.remotePause()
            #expect(!video.isPlaying)
            video.remotePause()
            video.remoteTogglePlayPause()
            #expect(video.isPlaying)
            video.remotePlay()
            #expect(video.isPlaying)
            video.remoteTogglePlayPause()
            #expect(!video.isPlaying)
            video.remotePlay()
            #expect(video.isPlaying)
            video.play(to: 6)
            video.pressSkip()
            #expect(!video.handlesRemoteCommands, "the video is over: the commands are the app's again")
            let names = try await pixelNames(harness, ad: ad, last: "skip", awaiting: ["pause": 2, "resume": 2])
            #expect(names.filter { $0 == "pause" }.count == 2, "\(names)")
            #expect(names.filter { $0 == "resume" }.count == 2)
            withExtendedLifetime(ads) {}
        }
    }

    @Test("an app that publishes no Now Playing info: the system's remote commands are the app's, the ad plays on")
    func remoteCommandsWithoutNowPlayingInfo() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            harness.publishesNowPlayingInfo = false
            let (ads, ad, video) = try await showLinear(harness, delegate: delegate)
            #expect(!video.handlesRemoteCommands, "the SDK added no handler")
            // Read as the ad starts, as on a device: Now Playing info published later changes nothing.
            harness.publishesNowPlayingInfo = true
            video.remotePause()
            #expect(video.isPlaying)
            video.remoteTogglePlayPause()
            #expect(video.isPlaying)
            video.playerPausesByItself()
            video.remotePlay()
            video.remoteTogglePlayPause()
            #expect(!video.isPlaying, "only the viewer's Resume plays it again")
            video.pressResume()
            #expect(video.isPlaying)
            video.play(to: 6)
            video.pressSkip()
            let names = try await pixelNames(harness, ad: ad, last: "skip", awaiting: ["pause": 1, "resume": 1])
            #expect(names.filter { $0 == "pause" }.count == 1, "the player's own pause only: \(names)")
            #expect(names.filter { $0 == "resume" }.count == 1)
            withExtendedLifetime(ads) {}
        }
    }

    @Test("a player that pauses by itself waits for the viewer's Resume, not a 405")
    func playerPausingByItselfOffersResume() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, ad, video) = try await showLinear(harness, delegate: delegate)
            video.playerPausesByItself()
            #expect(!video.isPlaying)
            // The pause pixel delivered before the clock jumps: 30 s on the test clock times out a
            // pixel still in flight on a slow run (TSan), and one that may have reached its
            // tracker is given up, never sent twice (`EventPipeline.deliverPixel`).
            await harness.flushEvents()
            await harness.advance(by: .seconds(30))
            #expect(!ad.hasEnded)
            video.pressResume()
            #expect(video.isPlaying, "Resume showed")
            let names = try await pixelNames(harness, ad: ad, last: "resume", awaiting: ["pause": 1])
            #expect(names.filter { $0 == "pause" }.count == 1)
            withExtendedLifetime(ads) {}
        }
    }

    @Test("an audio interruption that never ends turns into Resume within the wait limit")
    func unendedInterruptionOffersResume() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, _, video) = try await showLinear(harness, delegate: delegate)
            harness.beginAudioInterruption()
            video.pressResume()
            #expect(!video.isPlaying, "the interruption is the system's, at first")
            await harness.advance(by: .seconds(5))
            video.pressResume()
            #expect(video.isPlaying, "no end within 5 s: the viewer may resume")
            withExtendedLifetime(ads) {}
        }
    }

    @Test("a video that fails after load() and before show() invalidates the ad: show() throws")
    func failureBeforeShowInvalidates() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, ad) = try await loadLinear(harness, delegate: delegate)
            let video = try #require(harness.creatives.creative(for: ad))
            video.failMedia()
            #expect(ad.invalidationReason == .creativeFailed(code: 401))
            #expect(throws: VideoAdError.invalidated(.creativeFailed(code: 401))) { try ad.show() }
            #expect(!ad.wasShown)
            #expect(delegate.callbacks.isEmpty, "nothing is delivered before show()")
            withExtendedLifetime(ads) {}
        }
    }

    @Test("over AirPlay the impression comes with the route's playback, not the local layer")
    func externalRouteImpression() async throws {
        try await KontextVideoHarness.run { harness in
            let delegate = RecordingDelegate()
            let (ads, ad) = try await loadLinear(harness, delegate: delegate)
            try ad.show()
            let video = try #require(harness.creatives.creative(for: ad))
            video.play(to: 0.5)
            #expect(delegate.callbacks.isEmpty, "on the device's own screen the layer's first frame is the impression")
            video.playOnExternalRoute(true)
            video.play(to: 0.75)
            #expect(delegate.callbacks == [.impression(adId: ad.id)])
            withExtendedLifetime(ads) {}
        }
    }
}
