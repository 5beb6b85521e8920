import Foundation
import Testing
@testable import KontextVideoPlayerTracking

/// The break plan's promises, each on a scripted timeline: seeks under each policy, resume, speed,
/// spacing, the pre-roll time-out and the prefetch lead.
@Suite("Ad break plan: scenarios")
struct AdBreakPlanScenarioTests {
    typealias Action = AdBreakPlan.Action

    static let pre = AdBreakSlot(cue: 0, kind: .preRoll, time: 0)
    static func mid(_ cue: Int, _ time: Double, occurrence: Int = 0) -> AdBreakSlot {
        AdBreakSlot(cue: cue, occurrence: occurrence, kind: .midRoll, time: time)
    }

    @Test(arguments: [
        (AdBreakSeekPolicy.none, [Action](), [Action.skip(mid(0, 60), .seekedOver), .skip(mid(1, 120), .seekedOver)]),
        (.lastSkipped, [.play(mid(1, 120))], [.skip(mid(0, 60), .seekedOver)]),
        (.all, [.play(mid(0, 60)), .play(mid(1, 120))], []),
    ])
    func aForwardSeekOverTwoCuesPlaysWhatThePolicySays(policy: AdBreakSeekPolicy, plays: [Action], skips: [Action]) {
        var timeline = PlanTimeline(cues: [.seconds(60), .seconds(120)], seekPolicy: policy, prefetchLead: 0)
        timeline.begin()
        timeline.play(for: 10)
        timeline.seek(to: 300)
        #expect(timeline.played == plays)
        #expect(timeline.skipped == skips)
    }

    @Test func aBackwardSeekReplaysNothing() {
        var timeline = PlanTimeline(cues: [.seconds(60), .seconds(120)])
        timeline.begin()
        timeline.play(for: 130)
        #expect(timeline.played == [.play(Self.mid(0, 60)), .play(Self.mid(1, 120))])
        timeline.seek(to: 30)
        timeline.play(for: 200)
        #expect(timeline.played.count == 2)
        #expect(timeline.skipped.isEmpty)
    }

    @Test func aResumeAtTwelveMinutesSkipsEarlierCuesButPlaysThePreRollAndLaterOnes() {
        var timeline = PlanTimeline(cues: [.start, .seconds(300), .seconds(600), .seconds(900)], resumePosition: 720)
        timeline.begin()
        #expect(timeline.actions.prefix(2) == [.skip(Self.mid(1, 300), .beforeResumePosition), .skip(Self.mid(2, 600), .beforeResumePosition)])
        timeline.play(for: 200)
        #expect(timeline.played == [.play(AdBreakSlot(cue: 0, kind: .preRoll, time: 0)), .play(Self.mid(3, 900))])
    }

    @Test func doubleSpeedIsPlaybackNotASeek() {
        var timeline = PlanTimeline(cues: [.seconds(60), .seconds(120)], seekPolicy: .none)
        timeline.begin()
        timeline.play(for: 70, rate: 2)
        #expect(timeline.played == [.play(Self.mid(0, 60)), .play(Self.mid(1, 120))])
        #expect(timeline.skipped.isEmpty)
    }

    @Test func aBreakTooSoonAfterThePreviousOneIsSkipped() {
        var timeline = PlanTimeline(cues: [.seconds(60), .seconds(90), .seconds(200)], minimumSpacing: 60)
        timeline.begin()
        timeline.play(for: 250)
        #expect(timeline.played == [.play(Self.mid(0, 60)), .play(Self.mid(2, 200))])
        #expect(timeline.skipped == [.skip(Self.mid(1, 90), .tooSoonAfterPreviousBreak)])
    }

    @Test func aLatePreRollIsSkippedAtTheTimeOutAndRejectedWhenItArrivesNeverPlayed() {
        var plan = AdBreakPlan(configuration: .init(cues: [.start, .seconds(60)], startTimeout: 5))
        #expect(plan.begin(now: 0) == [.prefetch(Self.pre)])
        #expect(plan.isHoldingContent)
        #expect(plan.nextDeadline == 5)
        #expect(plan.tick(now: 4.9) == [])
        #expect(plan.tick(now: 5) == [.skip(Self.pre, .timedOut)])
        #expect(!plan.isHoldingContent, "the content starts without it")
        _ = plan.observe(playhead: 3, rate: 1, now: 8)
        #expect(plan.adReady(for: Self.pre, now: 9) == [.rejectLateAd(Self.pre)])
        #expect(plan.breakInProgress == nil)
    }

    @Test func aPreRollReadyInTimePlaysAndHoldsTheContentUntilItEnds() {
        var plan = AdBreakPlan(configuration: .init(cues: [.start], startTimeout: 5))
        _ = plan.begin(now: 0)
        #expect(plan.adReady(for: Self.pre, now: 4.9) == [.play(Self.pre)])
        #expect(plan.isHoldingContent)
        #expect(plan.breakEnded(Self.pre, now: 20) == [])
        #expect(!plan.isHoldingContent)
    }

    @Test func thePrefetchStartsTheLeadBeforeTheCueSoTheAdIsReadyAtIt() {
        var plan = AdBreakPlan(configuration: .init(cues: [.seconds(60)], prefetchLead: 10))
        #expect(plan.begin(now: 0) == [])
        #expect(plan.observe(playhead: 49, rate: 1, now: 49) == [])
        #expect(plan.observe(playhead: 50, rate: 1, now: 50) == [.prefetch(Self.mid(0, 60))])
        #expect(plan.adReady(for: Self.mid(0, 60), now: 52) == [], "ready before its cue: nothing plays yet")
        #expect(plan.observe(playhead: 59.9, rate: 1, now: 59.9) == [])
        #expect(plan.observe(playhead: 60.1, rate: 1, now: 60.1) == [.play(Self.mid(0, 60))])
    }

    @Test func aMidRollWhoseAdNeverComesIsSkippedAndItsLateAdRejected() {
        var plan = AdBreakPlan(configuration: .init(cues: [.seconds(60)], startTimeout: 3, prefetchLead: 10))
        _ = plan.begin(now: 0)
        _ = plan.observe(playhead: 50, rate: 1, now: 50)
        #expect(plan.observe(playhead: 61, rate: 1, now: 61) == [])
        #expect(plan.nextDeadline == 64)
        #expect(plan.tick(now: 63.9) == [])
        #expect(plan.tick(now: 64) == [.skip(Self.mid(0, 60), .timedOut)])
        #expect(plan.adReady(for: Self.mid(0, 60), now: 64) == [.rejectLateAd(Self.mid(0, 60))])
    }

    @Test func noFillSkipsTheBreakAndIsNotAskedAgainForIt() {
        var plan = AdBreakPlan(configuration: .init(cues: [.seconds(60)], prefetchLead: 10))
        _ = plan.begin(now: 0)
        _ = plan.observe(playhead: 50, rate: 1, now: 50)
        #expect(plan.adUnavailable(for: Self.mid(0, 60), now: 51) == [])
        #expect(plan.observe(playhead: 55, rate: 1, now: 55) == [], "not asked again for the same break")
        #expect(plan.observe(playhead: 60.5, rate: 1, now: 60.5) == [.skip(Self.mid(0, 60), .noAd)])
    }

    @Test func percentagesArePlacedOnceTheDurationIsKnownAndNothingPlaysAtOrPastTheEnd() {
        var timeline = PlanTimeline(cues: [.percent(50), .seconds(700), .percent(10), .end])
        timeline.begin()
        timeline.play(for: 100)
        #expect(timeline.actions.isEmpty, "no duration yet: the percentages wait")
        timeline.durationKnown(600)
        #expect(timeline.skipped == [.skip(Self.mid(1, 700), .afterContentEnd), .skip(Self.mid(2, 60), .passedBeforeDurationKnown)])
        timeline.play(for: 500)
        timeline.contentEnded()
        #expect(timeline.played == [.play(Self.mid(0, 300)), .play(AdBreakSlot(cue: 3, kind: .postRoll, time: 600))])
    }

    @Test func theContentEndingDropsWaitingMidRollsAndReportsUnreachedOnes() {
        var plan = AdBreakPlan(configuration: .init(cues: [.seconds(60), .seconds(90), .every(interval: 120, first: 100), .end], startTimeout: 5, prefetchLead: 0))
        _ = plan.begin(now: 0)
        _ = plan.observe(playhead: 60.1, rate: 1, now: 60.1)
        let actions = plan.contentEnded(now: 61)
        #expect(actions == [
            .skip(Self.mid(0, 60), .contentEnded), .skip(Self.mid(1, 90), .contentEnded),
            .skip(Self.mid(2, 100), .contentEnded),
        ])
        #expect(plan.observe(playhead: 90, rate: 1, now: 90) == [], "nothing after the end")
        // The ad asked for the dropped mid-roll serves the post-roll.
        #expect(plan.adReady(for: Self.mid(0, 60), now: 62) == [.play(AdBreakSlot(cue: 3, kind: .postRoll, time: nil))])
    }

    @Test func aRepeatingCuePlaysEachRepetitionOnceAndASeekOverManyIsOneEvent() {
        var timeline = PlanTimeline(cues: [.every(interval: 60, first: 60)], seekPolicy: .none)
        timeline.begin()
        timeline.play(for: 125)
        #expect(timeline.played == [.play(Self.mid(0, 60)), .play(Self.mid(0, 120, occurrence: 1))])
        timeline.seek(to: 3600)
        #expect(timeline.skipped == [.skip(Self.mid(0, 3600, occurrence: 59), .seekedOver)])
        timeline.seek(to: 100)
        timeline.play(for: 3600)
        #expect(timeline.played == [
            .play(Self.mid(0, 60)), .play(Self.mid(0, 120, occurrence: 1)), .play(Self.mid(0, 3660, occurrence: 60)),
        ], "none replayed after the backward seek")
    }

    @Test(arguments: [
        (AdBreakCue.seconds(0), AdBreakCue.start), (.percent(0), .start), (.percent(100), .end), (.seconds(-5), .start),
        (.every(interval: 1, first: 0), .every(interval: 30, first: 30)),
    ])
    func cuesAreNormalized(_ cue: AdBreakCue, _ expected: AdBreakCue) {
        #expect(cue.normalized == expected)
    }

    @Test(arguments: [AdBreakCue.seconds(.nan), .seconds(.infinity), .percent(101), .percent(-1), .every(interval: 0, first: 10), .every(interval: .nan, first: 1)])
    func unplaceableCuesNeverPlay(_ cue: AdBreakCue) {
        #expect(cue.normalized == nil)
        var timeline = PlanTimeline(cues: [cue])
        timeline.begin()
        timeline.durationKnown(600)
        timeline.play(for: 700)
        timeline.contentEnded()
        #expect(timeline.played.isEmpty)
    }
}

/// A content timeline driving a plan the way the facade does: it polls the playhead every second,
/// answers each prefetch with a ready ad after `loadTime` seconds, and ends each break after
/// `breakLength` seconds (the content paused meanwhile).
struct PlanTimeline {
    var plan: AdBreakPlan
    var now = 0.0
    var playhead: Double
    var loadTime = 1.0
    var breakLength = 15.0
    /// Every action, in order.
    var actions: [AdBreakPlan.Action] = []
    private var pendingLoad: (slot: AdBreakSlot, readyAt: Double)?

    init(
        cues: [AdBreakCue], seekPolicy: AdBreakSeekPolicy = .lastSkipped, resumePosition: Double = 0,
        prefetchLead: Double = 10, minimumSpacing: Double = 0
    ) {
        plan = AdBreakPlan(configuration: .init(
            cues: cues, seekPolicy: seekPolicy, resumePosition: resumePosition, startTimeout: 5,
            prefetchLead: prefetchLead, minimumSpacing: minimumSpacing
        ))
        playhead = resumePosition
    }

    var played: [AdBreakPlan.Action] { actions.filter { if case .play = $0 { true } else { false } } }
    var skipped: [AdBreakPlan.Action] { actions.filter { if case .skip = $0 { true } else { false } } }

    mutating func begin() {
        handle(plan.begin(now: now))
        settle()
    }

    mutating func durationKnown(_ duration: Double) {
        handle(plan.durationKnown(duration, now: now))
        settle()
    }

    /// Plays `seconds` of wall time at `rate`, polled every second.
    mutating func play(for seconds: Double, rate: Double = 1) {
        var left = seconds
        while left > 0 {
            let step = min(1, left)
            left -= step
            now += step
            if let duration = plan.duration { playhead = min(duration, playhead + step * rate) } else { playhead += step * rate }
            handle(plan.observe(playhead: playhead, rate: rate, now: now))
            settle()
        }
    }

    mutating func seek(to position: Double) {
        playhead = position
        handle(plan.observe(playhead: playhead, rate: 1, now: now))
        settle()
    }

    mutating func contentEnded() {
        handle(plan.contentEnded(now: now))
        settle()
    }

    /// Lets loads finish and breaks run until the plan waits on the content again.
    private mutating func settle() {
        for _ in 0..<1_000 {
            if let load = pendingLoad {
                now = max(now, load.readyAt)
                pendingLoad = nil
                handle(plan.adReady(for: load.slot, now: now))
            } else if let slot = plan.breakInProgress {
                now += breakLength
                handle(plan.breakEnded(slot, now: now))
            } else if let deadline = plan.nextDeadline {
                now = max(now, deadline)
                handle(plan.tick(now: now))
            } else {
                return
            }
        }
    }

    private mutating func handle(_ new: [AdBreakPlan.Action]) {
        actions += new
        for action in new {
            if case .prefetch(let slot) = action { pendingLoad = (slot, now + loadTime) }
        }
    }
}
