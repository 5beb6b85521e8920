import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling
import KontextVideoTestSupport

/// Records the follower's callbacks.
@MainActor
final class FollowerRecorder {
    var interruptions: [OverlayPlaybackFollower.Interruption] = []
    var completions: [Duration] = []
    let clock: TestClock

    init(clock: TestClock) { self.clock = clock }

    var callbackCount: Int { interruptions.count + completions.count }

    /// The followers made, kept alive for the whole test.
    private(set) var followers: [OverlayPlaybackFollower] = []

    func makeFollower(tracker: PlayerTracker, duration: TimeInterval?) -> OverlayPlaybackFollower {
        let follower = OverlayPlaybackFollower(
            tracker: tracker,
            clock: clock,
            duration: duration,
            onInterrupted: { [weak self] in self?.interruptions.append($0) },
            onCompleted: { [weak self] in
                guard let self else { return }
                self.completions.append(self.clock.now)
            }
        )
        followers.append(follower)
        return follower
    }
}

@Suite("OverlayPlaybackFollower")
@MainActor
struct OverlayPlaybackFollowerTests {
    let clock = TestClock()
    let tracker = PlayerTracker()
    let recorder: FollowerRecorder

    init() {
        recorder = FollowerRecorder(clock: clock)
    }

    private func advance(_ seconds: Double) async {
        await clock.advance(by: .timeInterval(seconds))
    }

    /// Tracks `player` and starts following it for an overlay of `duration` seconds; returns once
    /// the follower's first timer waits.
    @discardableResult
    private func startFollowing(_ player: some VideoAdsPlayer, duration: TimeInterval?) async -> OverlayPlaybackFollower {
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: duration)
        follower.start()
        #expect(await clock.waitForSleepers())
        return follower
    }

    // MARK: Polling

    @Test func pollsIsPlayingFourTimesASecondAndNotAfterStop() async {
        let player = HeadlessPlayer(clock: clock)
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: nil)
        follower.start()
        #expect(player.isPlayingReads == 0)
        #expect(await clock.waitForSleepers())
        await advance(1)
        #expect(player.isPlayingReads == 4)
        await advance(2)
        #expect(player.isPlayingReads == 12)
        await advance(0.1)
        #expect(player.isPlayingReads == 12)
        follower.stop()
        await advance(5)
        #expect(player.isPlayingReads == 12)
        #expect(clock.sleeperCount == 0)
        #expect(recorder.callbackCount == 0)
        #expect(follower.phase == .finished)
    }

    @Test func pauseIsNoticedWithinAQuarterSecondByPolling() async {
        let player = HeadlessPlayer(clock: clock)
        let follower = await startFollowing(player, duration: 30)
        await advance(1.05)
        player.pause()
        await advance(0.1)
        #expect(recorder.interruptions.isEmpty)
        await advance(0.1)
        #expect(recorder.interruptions == [.contentPaused])
        #expect(clock.now == .milliseconds(1250))
        #expect(recorder.completions.isEmpty)
        #expect(follower.phase == .finished)
    }

    @Test func pauseIsNoticedAtOnceWithAnUpdatesStreamAndIsPlayingIsNeverPolled() async {
        let player = HeadlessPlayer(clock: clock)
        player.offerUpdates()
        let follower = await startFollowing(player, duration: 30)
        await advance(2.1)
        #expect(player.isPlayingReads == 0)
        #expect(follower.countedDuration == 2)
        player.play()  // a `true` changes nothing
        await advance(0)
        #expect(recorder.callbackCount == 0)
        player.pause()
        await advance(0)
        #expect(recorder.interruptions == [.contentPaused])
        #expect(clock.now == .milliseconds(2100))
        #expect(player.isPlayingReads == 0)
    }

    @Test func aFinishedUpdatesStreamFallsBackToPolling() async {
        let player = HeadlessPlayer(clock: clock)
        player.offerUpdates()
        await startFollowing(player, duration: nil)
        await advance(1)
        #expect(player.isPlayingReads == 0)
        player.finishUpdates()
        await advance(1)
        #expect(player.isPlayingReads == 4)
        player.pause()
        await advance(0.25)
        #expect(recorder.interruptions == [.contentPaused])
    }

    // MARK: Player and item changes

    @Test func movingToAnotherItemInterrupts() async {
        let player = HeadlessPlayer(clock: clock)
        await startFollowing(player, duration: 30)
        await advance(0.5)
        #expect(recorder.callbackCount == 0)
        player.changeItem()
        await advance(0.25)
        #expect(recorder.interruptions == [.itemChanged])
    }

    @Test func aDeallocatedPlayerInterrupts() async {
        var player: HeadlessPlayer? = HeadlessPlayer(clock: clock)
        weak let weakPlayer = player
        let follower = await startFollowing(player!, duration: 30)
        await advance(0.5)
        player = nil
        #expect(weakPlayer == nil)  // neither the tracker nor the follower keeps it alive
        await advance(0.25)
        #expect(recorder.interruptions == [.playerReleased])
        #expect(follower.source != .ownTime)
    }

    @Test func releasingTheTrackerInterrupts() async {
        let player = HeadlessPlayer(clock: clock)
        await startFollowing(player, duration: 30)
        tracker.release()
        await advance(0.25)
        #expect(recorder.interruptions == [.playerReleased])
    }

    @Test func trackingAnotherPlayerInterrupts() async {
        let player = HeadlessPlayer(clock: clock)
        let other = HeadlessPlayer(clock: clock)
        await startFollowing(player, duration: 30)
        tracker.track(other)
        await advance(0.25)
        #expect(recorder.interruptions == [.playerReplaced])
    }

    // MARK: Duration

    @Test func completesWhenTheDurationWasPlayedEvenBetweenChecks() async {
        let player = HeadlessPlayer(clock: clock, currentTime: 100)
        let follower = await startFollowing(player, duration: 1.1)
        await advance(1.09)
        #expect(recorder.completions.isEmpty)
        await advance(0.01)
        #expect(recorder.completions == [.milliseconds(1100)])
        #expect(abs(follower.countedDuration - 1.1) < 1e-9)
        // isPlaying was read at 0.25, 0.5, 0.75, 1.0 only: the extra check at 1.1 does not poll it.
        #expect(player.isPlayingReads == 4)
    }

    @Test func seeksCountNothing() async {
        let player = HeadlessPlayer(clock: clock)
        let follower = await startFollowing(player, duration: 10)
        await advance(4)
        #expect(follower.countedDuration == 4)
        player.seek(to: 600)  // forward seek: the next quarter second is lost with it
        await advance(3)
        #expect(follower.countedDuration == 6.75)
        player.seek(to: 20)  // backward seek
        await advance(3.2)
        #expect(recorder.completions.isEmpty)
        await advance(0.3)
        #expect(recorder.completions == [.milliseconds(10500)])
        #expect(recorder.interruptions.isEmpty)
    }

    @Test func fasterPlayCountsAndStallsDoNotInterrupt() async {
        let player = HeadlessPlayer(clock: clock)
        player.rate = 2
        let follower = await startFollowing(player, duration: 10)
        await advance(2)
        #expect(follower.countedDuration == 4)
        player.isStalled = true  // buffering: still playing, counts nothing
        await advance(5)
        #expect(follower.countedDuration == 4)
        #expect(recorder.callbackCount == 0)
        player.isStalled = false
        await advance(3)
        #expect(recorder.completions == [.seconds(10)])
    }

    @Test func aNilDurationNeverCompletes() async {
        let player = HeadlessPlayer(clock: clock)
        let follower = await startFollowing(player, duration: nil)
        await advance(60)
        #expect(recorder.callbackCount == 0)
        #expect(follower.countedDuration == 60)
        follower.stop()
    }

    // MARK: Without a player

    @Test func withoutAPlayerTheOverlayRunsOnItsOwnTime() async {
        let follower = recorder.makeFollower(tracker: tracker, duration: 5)
        follower.start()
        #expect(follower.source == .ownTime)
        #expect(await clock.waitForSleepers())
        await advance(4.99)
        #expect(recorder.completions.isEmpty)
        #expect(abs(follower.countedDuration - 4.99) < 1e-9)
        await advance(0.01)
        #expect(recorder.completions == [.seconds(5)])
        #expect(clock.sleeperCount == 0)
    }

    @Test func withoutAPlayerAndDurationNothingHappens() async {
        let follower = recorder.makeFollower(tracker: tracker, duration: nil)
        follower.start()
        await advance(1000)
        #expect(recorder.callbackCount == 0)
        #expect(clock.sleeperCount == 0)
        #expect(follower.phase == .running)
    }

    @Test func pausedTimeDoesNotCount() async {
        let follower = recorder.makeFollower(tracker: tracker, duration: 5)
        follower.start()
        #expect(await clock.waitForSleepers())
        await advance(2)
        follower.pause()
        await advance(100)
        #expect(recorder.completions.isEmpty)
        #expect(follower.countedDuration == 2)
        follower.resume()
        #expect(await clock.waitForSleepers())
        await advance(3)
        #expect(recorder.completions == [.seconds(105)])
    }

    @Test func pausedPlayerFollowerMakesNoChecksAndResumesWithANewBaseline() async {
        let player = HeadlessPlayer(clock: clock)
        let follower = await startFollowing(player, duration: 10)
        await advance(1)
        follower.pause()
        await advance(30)
        #expect(player.isPlayingReads == 4)
        follower.resume()
        #expect(await clock.waitForSleepers())
        await advance(1)
        #expect(player.isPlayingReads == 8)
        #expect(follower.countedDuration == 2)
    }

    // MARK: Callbacks

    @Test func completionComesOnceAndNothingFollowsIt() async {
        let player = HeadlessPlayer(clock: clock)
        let follower = await startFollowing(player, duration: 1)
        await advance(1)
        #expect(recorder.completions == [.seconds(1)])
        player.pause()
        player.changeItem()
        tracker.release()
        await advance(10)
        follower.stop()
        #expect(recorder.completions.count == 1)
        #expect(recorder.interruptions.isEmpty)
        #expect(player.isPlayingReads == 4)
    }

    @Test func interruptionComesOnceAndNoCompletionFollows() async {
        let player = HeadlessPlayer(clock: clock)
        player.offerUpdates()
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: 1)
        follower.start()
        player.pause()
        player.pause()
        await advance(0)
        player.changeItem()
        await advance(5)
        #expect(recorder.interruptions == [.contentPaused])
        #expect(recorder.completions.isEmpty)
        follower.resume()
        follower.start()
        await advance(5)
        #expect(recorder.callbackCount == 1)
    }

    @Test func stopBeforeAnythingHappenedSilencesEverything() async {
        let player = HeadlessPlayer(clock: clock)
        player.offerUpdates()
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: 1)
        follower.start()
        follower.stop()
        player.pause()
        await advance(5)
        #expect(recorder.callbackCount == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func noCallbackRunsInsideStart() {
        let follower = recorder.makeFollower(tracker: tracker, duration: 0)
        follower.start()
        #expect(recorder.callbackCount == 0)
    }

    @Test func aZeroDurationCompletesAtTheFirstCheck() async {
        let player = HeadlessPlayer(clock: clock)
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: 0)
        follower.start()
        await advance(0)
        #expect(recorder.completions == [.zero])
    }
}
