import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling
import KontextVideoTestSupport

/// `OverlayPlaybackFollower` over a player that reports its playback as events (the way the
/// `AVPlayer` adapter reports KVO and seek notifications): the player's own speed, seeks that count
/// nothing, at-once interruptions, and no polling.
@Suite("OverlayPlaybackFollower over a reporting player")
@MainActor
struct ReportingPlayerFollowerTests {
    let clock = TestClock()
    let tracker = PlayerTracker()
    let recorder: FollowerRecorder

    init() {
        recorder = FollowerRecorder(clock: clock)
    }

    private func advance(_ seconds: Double) async {
        await clock.advance(by: .timeInterval(seconds))
    }

    private func makePlayer(currentTime: TimeInterval = 0, isPlaying: Bool = true) -> HeadlessPlayer {
        HeadlessPlayer(clock: clock, currentTime: currentTime, isPlaying: isPlaying, reportsPlaybackEvents: true)
    }

    /// Tracks `player` and starts following it for an overlay of `duration` seconds.
    @discardableResult
    private func startFollowing(_ player: some VideoAdsPlayer, duration: TimeInterval?) async -> OverlayPlaybackFollower {
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: duration)
        follower.start()
        await clock.settle()
        return follower
    }

    // MARK: Nothing polls

    @Test func anOverlayWithoutDurationSchedulesNoWakeUpAndReadsNothing() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: nil)
        #expect(follower.source == .reportingPlayer)
        let readsAtStart = player.currentTimeReads
        await advance(60)
        #expect(clock.sleepsScheduled == 0)
        #expect(player.isPlayingReads == 0)
        #expect(player.currentTimeReads == readsAtStart)
        #expect(follower.countedDuration == 60)
        #expect(recorder.callbackCount == 0)
    }

    @Test func anOverlayWithADurationSleepsOnceUntilItsEnd() async {
        let player = makePlayer(currentTime: 100)
        let follower = await startFollowing(player, duration: 10)
        #expect(clock.sleepsScheduled == 1)
        #expect(clock.nextDeadline == .seconds(10))
        await advance(9.99)
        #expect(recorder.completions.isEmpty)
        await advance(0.01)
        #expect(recorder.completions == [.seconds(10)])
        #expect(abs(follower.countedDuration - 10) < 1e-9)
        #expect(clock.sleepsScheduled == 1)
        #expect(player.isPlayingReads == 0)
        #expect(player.currentTimeReads == 2)  // at the start and at the end
    }

    // MARK: The player's own speed

    /// A rate, and the virtual seconds a 16 s overlay then takes.
    struct SpeedRow: Sendable, CustomTestStringConvertible {
        let rate: Double
        var testDescription: String { "rate \(rate)" }
    }

    @Test(arguments: [SpeedRow(rate: 0.5), SpeedRow(rate: 2), SpeedRow(rate: 8)])
    func theDurationCountsAtThePlayersOwnSpeed(row: SpeedRow) async {
        let player = makePlayer()
        player.rate = row.rate
        await startFollowing(player, duration: 16)
        let takes = 16 / row.rate
        await advance(takes - 0.01)
        #expect(recorder.completions.isEmpty)
        await advance(0.01)
        #expect(recorder.completions == [.timeInterval(takes)])
        // At 8×, the 4× rule for a custom player would have taken every move for a seek.
    }

    @Test func aSpeedChangeMovesTheEnd() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        await advance(2)
        player.rate = 2  // 8 s left, at 2×: 4 more seconds
        await advance(0)
        #expect(follower.countedDuration == 2)
        #expect(clock.nextDeadline == .seconds(6))
        await advance(4)
        #expect(recorder.completions == [.seconds(6)])
    }

    @Test func waitingCountsNothingWakesNothingAndDoesNotInterrupt() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        await advance(3)
        player.isStalled = true
        await advance(0)
        #expect(clock.sleeperCount == 0)  // no end while the content stands still
        let sleeps = clock.sleepsScheduled
        await advance(20)
        #expect(follower.countedDuration == 3)
        #expect(clock.sleepsScheduled == sleeps)
        #expect(recorder.callbackCount == 0)
        player.isStalled = false
        await advance(7)
        #expect(recorder.completions == [.seconds(30)])
    }

    // MARK: Seeks

    @Test func aSeekCountsNothingHoweverSmall() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        await advance(4)
        player.seek(to: player.currentTime + 0.5)  // the 4× rule would count this skip
        await advance(0)
        #expect(follower.countedDuration == 4)
        player.seek(to: 1)  // and back
        await advance(0)
        #expect(follower.countedDuration == 4)
        await advance(5.99)
        #expect(recorder.completions.isEmpty)
        await advance(0.01)
        #expect(recorder.completions == [.seconds(10)])
    }

    @Test func aForwardJumpWhoseEventIsLateCountsNoMoreThanPlayingCould() async {
        let player = ScriptedReportingPlayer()
        let follower = await startFollowing(player, duration: 100)
        await advance(2)
        player.currentTime = 32  // 30 s forward, its event not here yet
        player.report(.stateChanged(PlaybackState(.playing, rate: 1)))
        await advance(0)
        #expect(abs(follower.countedDuration - (2 + ReportedProgressCounter.eventDelayAllowance)) < 1e-9)
    }

    // MARK: Interruptions, at once

    @Test func pausingInterruptsAtOnceWithoutReadingIsPlaying() async {
        let player = makePlayer()
        await startFollowing(player, duration: 30)
        await advance(2.1)
        player.pause()
        await advance(0)
        #expect(recorder.interruptions == [.contentPaused])
        #expect(clock.now == .milliseconds(2100))
        #expect(player.isPlayingReads == 0)
    }

    @Test func movingToAnotherItemInterruptsAtOnce() async {
        let player = makePlayer()
        await startFollowing(player, duration: 30)
        await advance(1.3)
        player.changeItem()
        await advance(0)
        #expect(recorder.interruptions == [.itemChanged])
        #expect(clock.now == .milliseconds(1300))
    }

    @Test func aFreedPlayerInterruptsAtOnce() async {
        var player: HeadlessPlayer? = makePlayer()
        weak let weakPlayer = player
        await startFollowing(player!, duration: 30)
        await advance(0.7)
        player = nil
        #expect(weakPlayer == nil)
        await advance(0)
        #expect(recorder.interruptions == [.playerReleased])
        #expect(clock.now == .milliseconds(700))
    }

    @Test("the player is observed only while the follower lives: its stop, its end or its release removes the observation")
    func theObservationLivesAsLongAsTheFollower() async {
        let player = makePlayer()
        let stopped = await startFollowing(player, duration: 30)
        #expect(player.playbackEventSubscriberCount == 1)
        stopped.stop()
        await clock.settle()
        #expect(player.playbackEventSubscriberCount == 0, "stopped")

        // Not kept by the recorder: freed when this reference goes.
        var released: OverlayPlaybackFollower? = OverlayPlaybackFollower(
            tracker: tracker, clock: clock, duration: 30, onInterrupted: { _ in }, onCompleted: {})
        weak let weakFollower = released
        released?.start()
        await clock.settle()
        #expect(player.playbackEventSubscriberCount == 1)
        released = nil
        await clock.settle()
        #expect(weakFollower == nil)
        #expect(player.playbackEventSubscriberCount == 0, "freed without stop()")

        await startFollowing(player, duration: 30)
        player.pause()
        await clock.settle()
        #expect(recorder.interruptions == [.contentPaused])
        #expect(player.playbackEventSubscriberCount == 0, "ended by the content")
    }

    @Test func releasingOrReplacingThePlayerInterruptsAtOnceButNotInsideTheCall() async {
        let player = makePlayer()
        await startFollowing(player, duration: 30)
        tracker.release()
        #expect(recorder.callbackCount == 0)
        await advance(0)
        #expect(recorder.interruptions == [.playerReleased])

        let replaced = PlayerTracker()
        let other = FollowerRecorder(clock: clock)
        replaced.track(player)
        other.makeFollower(tracker: replaced, duration: 30).start()
        let next = makePlayer()
        replaced.track(next)
        await advance(0)
        #expect(other.interruptions == [.playerReplaced])
    }

    @Test func trackingTheSamePlayerAgainChangesNothing() async {
        let player = makePlayer()
        await startFollowing(player, duration: 30)
        tracker.track(player)
        await advance(1)
        #expect(recorder.callbackCount == 0)
    }

    @Test func aPlayerPausedWhenFollowingStartsInterruptsJustAfter() async {
        let player = makePlayer(isPlaying: false)
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: 30)
        follower.start()
        #expect(recorder.callbackCount == 0)
        await advance(0)
        #expect(recorder.interruptions == [.contentPaused])
    }

    // MARK: A playhead behind the reported speed

    @Test func aPlayheadShortOfTheEstimatedEndIsLookedAtAgainAQuarterSecondLater() async {
        let player = ScriptedReportingPlayer()
        await startFollowing(player, duration: 2)
        player.currentTime = 1.9  // at 2 s it had moved 1.9 s: it started late
        await advance(2)
        #expect(recorder.completions.isEmpty)
        #expect(clock.nextDeadline == .milliseconds(2250))
        player.currentTime = 2.15
        await advance(0.25)
        #expect(recorder.completions == [.milliseconds(2250)])
    }

    // MARK: The app in the background

    @Test func nothingCountsInTheBackgroundButAPauseThereStillEnds() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        await advance(2)
        follower.pause()
        #expect(clock.sleeperCount == 0)
        player.seek(to: 50)
        player.rate = 2
        await advance(30)
        #expect(follower.countedDuration == 2)
        follower.resume()
        await advance(0)
        #expect(clock.nextDeadline == .seconds(36))  // 8 s left at 2×
        await advance(4)
        #expect(recorder.completions == [.seconds(36)])

        let other = FollowerRecorder(clock: clock)
        let second = makePlayer()
        let secondTracker = PlayerTracker()
        secondTracker.track(second)
        let paused = other.makeFollower(tracker: secondTracker, duration: 10)
        paused.start()
        paused.pause()
        second.pause()
        await advance(0)
        #expect(other.interruptions == [.contentPaused])
    }

    // MARK: Events that stop

    @Test func eventsThatStopWhileThePlayerLivesFallBackToPolling() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        await advance(2)
        player.finishPlaybackEvents()
        await advance(0)
        #expect(follower.source == .polledPlayer)
        await advance(1)
        #expect(player.isPlayingReads == 4)
        #expect(follower.countedDuration == 3)
        player.pause()
        await advance(0.25)
        #expect(recorder.interruptions == [.contentPaused])
    }

    @Test func stopSilencesEverythingAndEndsTheSubscription() async {
        let player = makePlayer()
        let follower = await startFollowing(player, duration: 10)
        follower.stop()
        player.pause()
        player.changeItem()
        await advance(20)
        #expect(recorder.callbackCount == 0)
        #expect(clock.sleeperCount == 0)
    }
}

/// A player that reports playing at rate 1 and whose playhead and events a test sets by hand.
@MainActor
final class ScriptedReportingPlayer: VideoAdsPlayer, PlaybackEventSource {
    var currentTime: TimeInterval = 0
    var isPlaying: Bool { playbackState.isPlaying }
    var playbackState = PlaybackState(.playing, rate: 1)
    var contentOutput = ContentOutput.here
    private var continuation: AsyncStream<PlaybackEvent>.Continuation?

    func makePlaybackEvents() -> AsyncStream<PlaybackEvent>? {
        let (stream, continuation) = AsyncStream.makeStream(of: PlaybackEvent.self)
        self.continuation = continuation
        return stream
    }

    func report(_ event: PlaybackEvent) {
        continuation?.yield(event)
    }
}
