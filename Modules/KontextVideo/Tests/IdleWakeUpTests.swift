import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// How often the SDK wakes the app while an overlay plays and nothing changes: every wake-up the
/// SDK schedules runs on the harness's clock, so the clock's count of scheduled sleeps over a
/// stretch of idle virtual time is the figure.
@Suite("Idle wake-ups")
@MainActor
struct IdleWakeUpTests {
    /// Idle virtual time measured, after a second to settle.
    static let window: Duration = .seconds(20)

    /// The wake-ups per second the SDK schedules while an overlay stays on screen over `player`,
    /// in a `HeadlessView`, with nothing changing.
    private func idleWakeUpsPerSecond(
        _ harness: KontextVideoHarness,
        player: (any VideoAdsPlayer)?
    ) async throws -> Double {
        harness.server?.enqueue(.ad(SandboxAd(duration: nil)), for: .overlay)
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
        if let player { ads.track(player) }
        let ad = try await ads.format(.overlay)
        try await ad.load()
        let delegate = RecordingDelegate()
        ad.delegate = delegate
        let view = HeadlessView()
        try ad.show(in: view)
        await harness.flushEvents()
        await harness.advance(by: .seconds(1))
        let before = harness.clock.sleepsScheduled
        await harness.advance(by: Self.window)
        let wakeUps = harness.clock.sleepsScheduled - before
        #expect(delegate.endReasons.isEmpty, "the overlay ended while idle")
        #expect(!ad.hasEnded)
        withExtendedLifetime((ads, view, player)) {}
        return Double(wakeUps) / Self.window.timeInterval
    }

    @Test func idleOverlayOverAPlayerThatReportsItsPlayingState() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let player = harness.makePlayer(reportsChanges: true)
            let perSecond = try await idleWakeUpsPerSecond(harness, player: player)
            print("idle overlay over a player with isPlayingUpdates, in a HeadlessView: \(perSecond) wake-ups per second")
        }
    }

    @Test func idleOverlayOverAPolledPlayer() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let player = harness.makePlayer()
            let perSecond = try await idleWakeUpsPerSecond(harness, player: player)
            print("idle overlay over a player without updates, in a HeadlessView: \(perSecond) wake-ups per second")
        }
    }

    @Test func idleOverlayWithoutAPlayer() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let perSecond = try await idleWakeUpsPerSecond(harness, player: nil)
            print("idle overlay without a player, in a HeadlessView: \(perSecond) wake-ups per second")
        }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
