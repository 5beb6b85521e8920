import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// How often the SDK wakes the app while an overlay plays and nothing changes. Every wake-up the
/// SDK schedules runs on the harness's clock, so the clock's count of scheduled sleeps over a
/// stretch of idle virtual time is the figure; each row prints it.
///
/// Before the SDK followed an `AVPlayer` and the host view by their events, an idle overlay over
/// an `AVPlayer` woke the app 6 times a second: the follower's 4 checks of the player and the
/// host's 2 measurements (this test, run then over a player with `isPlayingUpdates`, the closest
/// headless stand-in, printed 6.0; 2.0 without a player).
@Suite("Idle wake-ups")
@MainActor
struct IdleWakeUpTests {
    /// Idle virtual time measured, after a second to settle.
    nonisolated static let window: Duration = .seconds(20)

    /// One situation: the player, the host view, the overlay's duration, and the wake-ups per
    /// second expected.
    struct Row: Sendable, CustomTestStringConvertible {
        enum Player: Sendable {
            /// `HeadlessPlayer(reportsPlaybackEvents: true)`: follows as an `AVPlayer` is followed.
            case eventDriven
            /// A custom player with `isPlayingUpdates`: still checked 4 times a second.
            case withPlayingUpdates
            /// A custom player without: `isPlaying` read 4 times a second, as the reference says.
            case polled
            case none
        }

        let player: Player
        /// Whether the host reports its changes (`HeadlessView`) or not (a view of the app's own
        /// that keeps the default), measured every half second then.
        let hostReportsChanges: Bool
        let duration: TimeInterval?
        let expected: Double

        var testDescription: String {
            let duration = self.duration.map { "a \(Int($0)) s overlay" } ?? "an overlay without duration"
            return "\(duration) over \(player), \(hostReportsChanges ? "a HeadlessView" : "a host that reports nothing")"
        }
    }

    nonisolated static let rows: [Row] = [
        Row(player: .eventDriven, hostReportsChanges: true, duration: nil, expected: 0),
        Row(player: .eventDriven, hostReportsChanges: true, duration: 60, expected: 0),
        Row(player: .none, hostReportsChanges: true, duration: nil, expected: 0),
        Row(player: .withPlayingUpdates, hostReportsChanges: true, duration: nil, expected: 4),
        Row(player: .polled, hostReportsChanges: true, duration: nil, expected: 4),
        Row(player: .eventDriven, hostReportsChanges: false, duration: nil, expected: 2),
    ]

    @Test(arguments: rows)
    func idleOverlayWakeUps(row: Row) async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.server?.enqueue(.ad(SandboxAd(duration: row.duration)), for: .overlay)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let player: HeadlessPlayer?
            switch row.player {
            case .eventDriven: player = harness.makePlayer(reportsPlaybackEvents: true)
            case .withPlayingUpdates: player = harness.makePlayer(reportsChanges: true)
            case .polled: player = harness.makePlayer()
            case .none: player = nil
            }
            if let player { ads.track(player) }
            let ad = try await ads.format(.overlay)
            try await ad.load()
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view: any VideoAdHostView = row.hostReportsChanges ? HeadlessView() : SilentHost()
            try ad.show(in: view)
            await harness.flushEvents()
            await harness.advance(by: .seconds(1))

            let before = harness.clock.sleepsScheduled
            await harness.advance(by: Self.window)
            let perSecond = Double(harness.clock.sleepsScheduled - before) / Double(Self.window.components.seconds)

            print("idle wake-ups per second, \(row.testDescription): \(perSecond)")
            #expect(perSecond == row.expected)
            #expect(delegate.endReasons.isEmpty, "the overlay ended while idle")
            withExtendedLifetime((ads, view, player)) {}
        }
    }
}

/// A host view of the app's own that reports no change: the SDK measures it every half second.
@MainActor
private final class SilentHost: VideoAdHostView {
    var videoAdBoundsSize: CGSize { CGSize(width: 1280, height: 720) }
    var videoAdSafeAreaInsets: VideoAdInsets { .zero }
    var videoAdIsInWindow: Bool { true }
    var videoAdIsHidden: Bool { false }
}
