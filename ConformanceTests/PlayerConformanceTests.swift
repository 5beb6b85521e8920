import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// `VideoAds.track(_:)` and `VideoAdsPlayer`: the playhead of requests and events, an overlay
/// over playing content only, its duration counted from `currentTime`, weak holding.
@Suite("Conformance: player")
@MainActor
struct PlayerConformanceTests {
    // MARK: The playhead

    @Test("[PLAY-001] with a tracked player, the ads request and each event carry the player's currentTime then")
    func playheadComesFromThePlayer() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: .episodeOne)
            let player = HeadlessPlayer(clock: harness.clock, currentTime: 42, isPlaying: false)
            ads.track(player)
            let ad = try await loadedAd(ads, .pause)
            let view = HeadlessView()
            try ad.show(in: view) // impression at 42
            player.seek(to: 100)
            try ad.dismiss() // ended at 100
            let request = try #require(server.requests(path: "/video/preload").last?.json)
            #expect(request["playhead"]?.doubleValue == 42)
            await harness.flushEvents()
            let events = try await server.waitForEvents(count: 2)
            #expect(events.first { $0.type == "impression" }?.playhead == 42)
            #expect(events.first { $0.type == "ended" }?.playhead == 100)
        }
    }

    @Test("[DEF-010] with no player tracked, the ads request and every event carry playhead 0")
    func noPlayerMeansPlayheadZero() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .pause)
            let view = HeadlessView()
            await harness.advance(by: .seconds(30))
            try ad.show(in: view)
            await harness.advance(by: .seconds(5))
            try ad.dismiss()
            let rejected = try await ads.format(.overlay)
            try rejected.reject()
            #expect(server.requests(path: "/video/preload").map { $0.json?["playhead"]?.doubleValue } == [0, 0])
            await harness.flushEvents()
            let events = try await server.waitForEvents(count: 3)
            #expect(Set(events.map(\.type)) == ["impression", "ended", "reject"])
            #expect(events.allSatisfy { $0.playhead == 0 }, "\(events.map { "\($0.type): \(String(describing: $0.playhead))" })")
        }
    }

    // MARK: Over playing content only

    @Test("[PLAY-002] over paused content show(in:) throws contentPaused and the overlay stays ready; it shows once the content plays")
    func overlayOnlyOverPlayingContent() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(isPlaying: false)
            ads.track(player)
            let ad = try await loadedAd(ads, .overlay)
            let view = HeadlessView()
            var thrown: (any Error)?
            do { try ad.show(in: view) } catch { thrown = error }
            if case .contentPaused? = thrown as? VideoAdError {} else {
                Issue.record("expected contentPaused, got \(String(describing: thrown))")
            }
            #expect(ad.isReady && !ad.wasShown)
            #expect(view.adFrame == nil)
            player.play()
            try ad.show(in: view)
            #expect(ad.wasShown)
        }
    }

    /// One way the content stops under an overlay.
    struct StopRow: Sendable, CustomTestStringConvertible {
        enum Stop: String, Sendable { case pause, end }
        let stop: Stop
        let reportsChanges: Bool
        var testDescription: String {
            "[PLAY-003] \(stop.rawValue), \(reportsChanges ? "with isPlayingUpdates (at once)" : "polled")"
        }
    }

    @Test("[PLAY-003] an overlay on screen ends with .interrupted when the tracked player stops playing", arguments: [
        StopRow(stop: .pause, reportsChanges: false), StopRow(stop: .end, reportsChanges: false),
        StopRow(stop: .pause, reportsChanges: true), StopRow(stop: .end, reportsChanges: true),
    ])
    func overlayEndsWhenContentStops(row: StopRow) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(isPlaying: true, reportsChanges: row.reportsChanges)
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let ad = shown.ad
            let delegate = shown.delegate
            await harness.advance(by: .seconds(2))
            #expect(delegate.endReasons.isEmpty)
            switch row.stop {
            case .pause: player.pause()
            case .end: player.end()
            }
            if row.reportsChanges {
                // Reacts at once: no poll interval passes.
                await harness.clock.settle()
            } else {
                await harness.advance(by: .milliseconds(250))
            }
            #expect(delegate.endReasons == [.interrupted])
            #expect(!ad.isCompleted)
        }
    }

    // MARK: Weak holding

    @Test("[PLAY-005] track(_:) does not retain the player")
    func playerIsHeldWeakly() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            var player: HeadlessPlayer? = harness.makePlayer()
            weak let weakPlayer = player
            if let player { ads.track(player) }
            player = nil
            #expect(weakPlayer == nil)
            #expect(!ads.isDestroyed)
            // Without it, requests carry 0 again.
            _ = try await ads.format(.pause)
            #expect(harness.server?.requests(path: "/video/preload").last?.json?["playhead"]?.doubleValue == 0)
        }
    }

    @Test("[PLAY-006] after destroy() the VideoAds no longer reads the player")
    func destroyLetsGoOfThePlayer() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = CountingPlayer(harness.makePlayer())
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let delegate = shown.delegate
            await harness.advance(by: .seconds(1))
            #expect(player.isPlayingReads > 0 && player.currentTimeReads > 0)
            ads.destroy()
            #expect(delegate.endReasons == [.destroyed])
            player.isPlayingReads = 0
            player.currentTimeReads = 0
            await harness.advance(by: .seconds(5))
            _ = try? await ads.format(.pause)
            await harness.flushEvents()
            #expect(player.isPlayingReads == 0)
            #expect(player.currentTimeReads == 0)
        }
    }

    // MARK: The overlay's duration

    @Test("[PLAY-007] without a tracked player, an overlay's duration counts active virtual time")
    func overlayRunsOnItsOwnActiveTime() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .overlay)
            #expect(ad.duration == 15)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view = HeadlessView()
            try ad.show(in: view)
            await harness.advance(by: .seconds(10))
            harness.enterBackground()
            await harness.advance(by: .seconds(20))
            harness.enterForeground()
            await harness.advance(by: .milliseconds(4_900))
            #expect(delegate.endReasons.isEmpty, "counted time in the background")
            await harness.advance(by: .milliseconds(100))
            #expect(delegate.endReasons == [.completed])
            #expect(ad.isCompleted)
        }
    }

    @Test("[PLAY-008] while isPlaying stays true (buffering, seeking) the overlay is not interrupted")
    func bufferingAndSeekingCountAsPlaying() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: nil)), for: .overlay)
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer()
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let ad = shown.ad
            let delegate = shown.delegate
            await harness.advance(by: .seconds(2))
            player.rate = 0 // buffering: the playhead stands still, isPlaying stays true
            await harness.advance(by: .seconds(5))
            player.rate = 1
            player.seek(to: 300) // seeking forward
            await harness.advance(by: .seconds(1))
            player.seek(to: 10) // and back
            await harness.advance(by: .seconds(2))
            #expect(delegate.endReasons.isEmpty)
            #expect(!ad.hasEnded)
        }
    }

    /// A playback speed and the virtual time a 15 s overlay then takes.
    struct SpeedRow: Sendable, CustomTestStringConvertible {
        let rate: Double
        var testDescription: String { "[PLAY-010] rate \(rate)" }
    }

    @Test("[PLAY-010] with a tracked player, an overlay of duration D completes once currentTime advanced D seconds", arguments: [
        SpeedRow(rate: 0.5), SpeedRow(rate: 1), SpeedRow(rate: 2),
    ])
    func overlayDurationCountsContentTime(row: SpeedRow) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer()
            player.rate = row.rate
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let ad = shown.ad
            let delegate = shown.delegate
            let wall = 15 / row.rate // virtual seconds for 15 content seconds
            await harness.advance(by: .milliseconds(Int64(wall * 1000) - 100))
            #expect(delegate.endReasons.isEmpty, "completed before 15 s of content played")
            await harness.advance(by: .milliseconds(350))
            #expect(delegate.endReasons == [.completed])
            #expect(ad.isCompleted)
        }
    }

    @Test("[PLAY-011] a currentTime jump faster than about 4x real time adds nothing to the overlay's elapsed duration")
    func seekCountsNothing() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer()
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let delegate = shown.delegate
            await harness.advance(by: .seconds(5))
            player.seek(to: player.currentTime + 30) // +30 s within one poll
            await harness.advance(by: .milliseconds(500))
            #expect(delegate.endReasons.isEmpty, "the seek counted toward the duration")
            await harness.advance(by: .seconds(9)) // 14.5 s: about 14 s of content counted
            #expect(delegate.endReasons.isEmpty)
            await harness.advance(by: .seconds(1))
            #expect(delegate.endReasons == [.completed])
        }
    }

    // MARK: A player that reports its own speed and seeks (as an AVPlayer does)

    /// A speed the event-driven player plays at, and the virtual time a 15 s overlay then takes.
    struct ReportedSpeedRow: Sendable, CustomTestStringConvertible {
        let rate: Double
        var testDescription: String { "[PLAY-016] rate \(rate)" }
    }

    @Test("[PLAY-016] with a player that reports its own speed, an overlay's duration counts at that speed, not by the 4x rule", arguments: [
        ReportedSpeedRow(rate: 0.5), ReportedSpeedRow(rate: 2), ReportedSpeedRow(rate: 8),
    ])
    func overlayDurationCountsAtThePlayersOwnSpeed(row: ReportedSpeedRow) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(reportsPlaybackEvents: true)
            player.rate = row.rate
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let wall = Duration.seconds(15 / row.rate)
            await harness.advance(by: wall - .milliseconds(10))
            #expect(shown.delegate.endReasons.isEmpty, "completed before 15 s of content played")
            await harness.advance(by: .milliseconds(10))
            #expect(shown.delegate.endReasons == [.completed])
            #expect(shown.ad.isCompleted)
        }
    }

    @Test("[PLAY-016] while a player that reports its own speed waits (buffering), nothing counts and the overlay stays")
    func waitingCountsNothing() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(reportsPlaybackEvents: true)
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            await harness.advance(by: .seconds(5))
            player.rate = 0  // waits: its playhead stands still, it still counts as playing
            await harness.advance(by: .seconds(60))
            #expect(shown.delegate.endReasons.isEmpty)
            player.rate = 1
            await harness.advance(by: .milliseconds(9_990))
            #expect(shown.delegate.endReasons.isEmpty)
            await harness.advance(by: .milliseconds(10))
            #expect(shown.delegate.endReasons == [.completed])
        }
    }

    @Test("[PLAY-017] with a player that reports its seeks, no seek counts toward an overlay's duration, however small")
    func reportedSeeksCountNothing() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(reportsPlaybackEvents: true)
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            await harness.advance(by: .seconds(4))
            player.seek(to: player.currentTime + 0.5)  // a skip the 4x rule would count
            await harness.advance(by: .seconds(3))
            player.seek(to: 2)  // back
            await harness.advance(by: .seconds(3))
            player.seek(to: player.currentTime + 300)  // far forward
            await harness.advance(by: .milliseconds(4_990))  // 14.99 s of play
            #expect(shown.delegate.endReasons.isEmpty, "a seek counted toward the duration")
            await harness.advance(by: .milliseconds(10))
            #expect(shown.delegate.endReasons == [.completed])
        }
    }

    @Test("[PLAY-018] with a player that reports its own events nothing is polled: an idle overlay schedules no wake-up, a pause or another item ends it at once")
    func reportingPlayerIsNotPolled() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: 60)), for: .overlay)
            harness.server?.enqueue(.ad(SandboxAd(duration: 60)), for: .overlay)
            let ads = VideoAds(content: .episodeOne)
            let player = harness.makePlayer(reportsPlaybackEvents: true)
            ads.track(player)
            let first = try await shownAd(ads, .overlay)
            await harness.flushEvents()
            await harness.advance(by: .seconds(1))
            let sleeps = harness.clock.sleepsScheduled
            await harness.advance(by: .seconds(20))
            #expect(harness.clock.sleepsScheduled == sleeps, "the SDK woke while nothing changed")
            let pausedAt = harness.clock.now
            player.pause()
            await harness.advance(by: .zero)
            #expect(first.delegate.endReasons == [.interrupted])
            #expect(harness.clock.now == pausedAt)

            player.play()
            let second = try await shownAd(ads, .overlay)
            await harness.advance(by: .seconds(2))
            player.changeItem()
            await harness.advance(by: .zero)
            #expect(second.delegate.endReasons == [.interrupted])
        }
    }

    @Test("[PLAY-013] any VideoAdsPlayer conformance can be tracked: its time, playing state and item are followed")
    func customPlayerConformance() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: .episodeOne)
            let player = CustomPlayer(currentTime: 12.5)
            ads.track(player)
            let ad = try await loadedAd(ads, .overlay)
            #expect(server.requests(path: "/video/preload").last?.json?["playhead"]?.doubleValue == 12.5)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view = HeadlessView()
            try ad.show(in: view)
            for _ in 0..<8 { // two seconds of play, moved by hand
                player.currentTime += 0.25
                await harness.advance(by: .milliseconds(250))
            }
            #expect(delegate.endReasons.isEmpty)
            player.item = "episode-2" // moves to another item
            await harness.advance(by: .milliseconds(250))
            #expect(delegate.endReasons == [.interrupted])
        }
    }

    // MARK: The deprecated forward

    @Test("[PLAY-015] the deprecated playheadProvider supplies the playhead of the next ads request")
    func deprecatedPlayheadProvider() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let legacy: any LegacyPlayheadAPI = Legacy()
            legacy.setPlayheadProvider(on: ads) { 37.5 }
            _ = try await ads.format(.pause)
            #expect(harness.server?.requests(path: "/video/preload").last?.json?["playhead"]?.doubleValue == 37.5)
        }
    }
}

// MARK: - Helpers

/// A publisher's own player, moved by hand.
@MainActor
private final class CustomPlayer: VideoAdsPlayer {
    var currentTime: TimeInterval
    var isPlaying = true
    var item = "episode-1"
    var currentItemIdentifier: AnyHashable? { item }

    init(currentTime: TimeInterval) {
        self.currentTime = currentTime
    }
}

/// Calls the deprecated API through a non-deprecated requirement, so the suite builds without warnings.
@MainActor
private protocol LegacyPlayheadAPI {
    func setPlayheadProvider(on ads: VideoAds, _ provider: @escaping () -> TimeInterval)
}

@MainActor
private struct Legacy: LegacyPlayheadAPI {
    @available(*, deprecated)
    func setPlayheadProvider(on ads: VideoAds, _ provider: @escaping () -> TimeInterval) {
        ads.playheadProvider = provider
    }
}
