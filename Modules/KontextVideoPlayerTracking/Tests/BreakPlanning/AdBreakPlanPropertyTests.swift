import Foundation
import Testing
import KontextVideoTestSupport
@testable import KontextVideoPlayerTracking

/// Seeded random timelines (play at several speeds, pause, seek both ways, ads that arrive, fail
/// or come late, the duration learned at any point, the content's end) against what must hold on
/// every one of them.
@Suite("Ad break plan: random seek and speed sequences")
struct AdBreakPlanPropertyTests {
    @Test(arguments: 0..<300)
    func neverTwiceNeverPastTheEndNeverUnreached(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let duration = Double(Int.random(in: 120...3_600, using: &random))
        var cues: [AdBreakCue] = [.start, .end]
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: cues.append(.seconds(Double(Int.random(in: -10...4_000, using: &random))))
            case 1: cues.append(.percent(Double(Int.random(in: 0...100, using: &random))))
            case 2: cues.append(.every(interval: Double(Int.random(in: 1...900, using: &random)), first: Double(Int.random(in: 0...900, using: &random))))
            default: cues.append(.seconds(Double(Int.random(in: 1...120, using: &random)) * 30))
            }
        }
        cues.shuffle(using: &random)
        let policy = AdBreakSeekPolicy.allCases.randomElement(using: &random)!
        var plan = AdBreakPlan(configuration: .init(
            cues: cues, seekPolicy: policy, resumePosition: Bool.random(using: &random) ? 0 : Double(Int.random(in: 0...600, using: &random)),
            startTimeout: Double(Int.random(in: 0...8, using: &random)), prefetchLead: Double(Int.random(in: 0...30, using: &random)),
            minimumSpacing: Double(Int.random(in: 0...2, using: &random)) * 60
        ))
        let context = "seed \(seed), cues \(cues), \(policy)"

        var now = 0.0
        var playhead = plan.configuration.resumePosition
        var highWater = playhead
        var played: Set<AdBreakSlot> = []
        var skipped: Set<AdBreakSlot> = []
        var loading: [(slot: AdBreakSlot, at: Double, fails: Bool)] = []
        var ended = false

        func check(_ actions: [AdBreakPlan.Action]) {
            for action in actions {
                switch action {
                case .play(let slot):
                    #expect(!played.contains(slot), "played twice: \(slot); \(context)")
                    #expect(!skipped.contains(slot), "played after being skipped: \(slot); \(context)")
                    played.insert(slot)
                    if slot.kind == .midRoll {
                        #expect(!ended, "a mid-roll after the end: \(slot); \(context)")
                        #expect((slot.time ?? .infinity) < duration, "a mid-roll at or past the end: \(slot); \(context)")
                        #expect((slot.time ?? .infinity) <= highWater + AdBreakPlan.playbackSlack, "a mid-roll not reached: \(slot); \(context)")
                    }
                case .skip(let slot, _):
                    #expect(!played.contains(slot), "skipped after playing: \(slot); \(context)")
                    skipped.insert(slot)
                case .prefetch(let slot):
                    loading.append((slot, now + Double(Int.random(in: 0...10, using: &random)), Int.random(in: 0..<5, using: &random) == 0))
                case .rejectLateAd(let slot):
                    #expect(!played.contains(slot) || slot.kind != .preRoll, "\(context)")
                }
            }
        }

        check(plan.begin(now: now))
        let knowsDurationAt = Int.random(in: 0..<40, using: &random)
        for step in 0..<Int.random(in: 20...120, using: &random) where !ended {
            if step == knowsDurationAt { check(plan.durationKnown(duration, now: now)) }
            // Loads that are due finish first, then a break on screen ends, then deadlines pass.
            while let index = loading.firstIndex(where: { $0.at <= now }) {
                let load = loading.remove(at: index)
                check(load.fails ? plan.adUnavailable(for: load.slot, now: now) : plan.adReady(for: load.slot, now: now))
            }
            if let slot = plan.breakInProgress {
                now += Double(Int.random(in: 5...30, using: &random))
                check(plan.breakEnded(slot, now: now))
                continue
            }
            if plan.isHoldingContent {
                now += 1
                check(plan.tick(now: now))
                continue
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let rate = [0.5, 1, 1, 1.5, 2][Int.random(in: 0..<5, using: &random)]
                for _ in 0..<Int.random(in: 1...30, using: &random) {
                    now += 0.25
                    playhead = min(duration, playhead + 0.25 * rate)
                    highWater = max(highWater, playhead)
                    check(plan.observe(playhead: playhead, rate: rate, now: now))
                    if plan.breakInProgress != nil { break }
                }
            case 6:
                now += Double(Int.random(in: 1...20, using: &random))  // paused
                check(plan.observe(playhead: playhead, rate: 0, now: now))
            case 7, 8:
                playhead = Double(Int.random(in: 0...Int(duration), using: &random))
                highWater = max(highWater, playhead)
                now += 0.25
                check(plan.observe(playhead: playhead, rate: 1, now: now))
            default:
                now += 1
                check(plan.tick(now: now))
            }
            if playhead >= duration {
                ended = true
                check(plan.contentEnded(now: now))
            }
        }
        if !ended {
            ended = true
            check(plan.contentEnded(now: now))
        }
        // After the end: whatever loads and deadlines remain may play the post-roll only.
        for _ in 0..<50 {
            if let load = loading.first {
                loading.removeFirst()
                now = max(now, load.at)
                check(load.fails ? plan.adUnavailable(for: load.slot, now: now) : plan.adReady(for: load.slot, now: now))
            } else if let slot = plan.breakInProgress {
                now += 10
                check(plan.breakEnded(slot, now: now))
            } else if let deadline = plan.nextDeadline {
                now = max(now, deadline)
                check(plan.tick(now: now))
            }
        }
        #expect(plan.isFinished, "the plan never settled after the end; \(context)")
        // One pre-roll per cue placed at the start (`.start`, `.seconds(0)`, `.percent(0)`), one post-roll per end cue.
        #expect(played.filter { $0.kind == .preRoll }.count <= cues.filter { $0.normalized == .start }.count, "\(context)")
        #expect(played.filter { $0.kind == .postRoll }.count <= cues.filter { $0.normalized == .end }.count, "\(context)")
    }
}
