import Foundation
import Testing
import KontextVideoPlayerTracking
import KontextVideoScheduling
import KontextVideoTestSupport

/// An overlay is seen only over content seen here: over content on another screen (AirPlay) or in
/// Picture in Picture it ends `.interrupted` (`.contentElsewhere`) and counts and completes nothing.
@Suite("Overlay over content seen elsewhere")
@MainActor
struct ContentOutputFollowerTests {
    let clock = TestClock()
    let tracker = PlayerTracker()
    let recorder: FollowerRecorder

    init() {
        recorder = FollowerRecorder(clock: clock)
    }

    @Test("which outputs an ad may be shown over")
    func table() {
        let expected: [ContentOutput: Bool] = [.here: true, .externalScreen: false]
        #expect(Set(expected.keys) == Set(ContentOutput.allCases))
        for output in ContentOutput.allCases {
            #expect(output.showsAdsOverContent == expected[output], "\(output)")
        }
    }

    /// Every output the content can move to while an overlay of 10 s is on screen, 3 s in.
    @Test("content moving to each output while the overlay shows", arguments: ContentOutput.allCases)
    func moves(to output: ContentOutput) async {
        let player = HeadlessPlayer(clock: clock, reportsPlaybackEvents: true)
        tracker.track(player)
        let follower = recorder.makeFollower(tracker: tracker, duration: 10)
        follower.start()
        await clock.settle()
        await clock.advance(by: .seconds(3))
        player.contentOutput = output
        await clock.settle()
        if output.showsAdsOverContent {
            #expect(recorder.interruptions.isEmpty)
        } else {
            #expect(recorder.interruptions == [.contentElsewhere], "ended at once")
        }
        await clock.advance(by: .seconds(20))
        #expect(recorder.completions.count == (output.showsAdsOverContent ? 1 : 0), "never completes unseen")
        #expect(recorder.callbackCount == 1)
    }

    @Test("content already elsewhere when the overlay starts ends it, after start() returned")
    func alreadyElsewhere() async {
        let player = HeadlessPlayer(clock: clock, reportsPlaybackEvents: true)
        player.contentOutput = .externalScreen
        tracker.track(player)
        #expect(tracker.contentOutput == .externalScreen)
        let follower = recorder.makeFollower(tracker: tracker, duration: 10)
        follower.start()
        #expect(recorder.interruptions.isEmpty, "not inside start()")
        await clock.settle()
        #expect(recorder.interruptions == [.contentElsewhere])
    }

    @Test("without a player nothing can tell")
    func noPlayer() {
        #expect(PlayerTracker().contentOutput == nil)
    }
}
