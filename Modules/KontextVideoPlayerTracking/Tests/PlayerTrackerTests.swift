import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling
import KontextVideoTestSupport

@Suite("PlayerTracker")
@MainActor
struct PlayerTrackerTests {
    @Test func withoutPlayerThePlayheadIsZeroAndPlayingUnknown() {
        let tracker = PlayerTracker()
        #expect(tracker.playhead == 0)
        #expect(tracker.isContentPlaying == nil)
        #expect(tracker.player == nil)
    }

    @Test func readsTheTrackedPlayer() async {
        let clock = TestClock()
        let player = HeadlessPlayer(clock: clock, currentTime: 12)
        let tracker = PlayerTracker()
        tracker.track(player)
        await clock.advance(by: .seconds(3))
        #expect(tracker.playhead == 15)
        #expect(tracker.isContentPlaying == true)
        player.pause()
        #expect(tracker.isContentPlaying == false)
    }

    @Test func holdsThePlayerWeakly() {
        let tracker = PlayerTracker()
        var player: HeadlessPlayer? = HeadlessPlayer(clock: TestClock(), currentTime: 7)
        weak let weakPlayer = player
        tracker.track(player!)
        #expect(tracker.playhead == 7)
        player = nil
        #expect(weakPlayer == nil)
        #expect(tracker.player == nil)
        #expect(tracker.playhead == 0)
        #expect(tracker.isContentPlaying == nil)
    }

    @Test func deprecatedProviderIsUsedWithoutAPlayerAndThePlayerWins() {
        let tracker = PlayerTracker()
        tracker.setPlayheadProvider { 33 }
        #expect(tracker.playhead == 33)
        #expect(tracker.isContentPlaying == nil)
        let player = HeadlessPlayer(clock: TestClock(), currentTime: 5)
        tracker.track(player)
        #expect(tracker.playhead == 5)
        tracker.setPlayheadProvider(nil)
        #expect(tracker.playheadProvider == nil)
    }

    @Test func releaseLetsGoOfPlayerAndProvider() {
        let tracker = PlayerTracker()
        let player = HeadlessPlayer(clock: TestClock(), currentTime: 5)
        tracker.track(player)
        tracker.setPlayheadProvider { 33 }
        tracker.release()
        #expect(tracker.player == nil)
        #expect(tracker.playheadProvider == nil)
        #expect(tracker.playhead == 0)
    }

    @Test(arguments: [-3.0, .nan, .infinity, -.infinity])
    func invalidPlayheadReadsAsZero(_ value: Double) {
        let tracker = PlayerTracker()
        tracker.setPlayheadProvider { value }
        #expect(tracker.playhead == 0)
    }
}
