import Foundation
import Testing
@testable import KontextVideoPlayerTracking

/// Every input of `AdBreakPlan` in every state it can meet it in: the table lists, per state, the
/// inputs that do something and what; every other input must do nothing in that state.
///
/// The plan: a pre-roll, mid-rolls at 60 s and 120 s, a post-roll; `.lastSkipped`, a 10 s
/// prefetch lead, a 5 s time-out.
@Suite("Ad break plan: every input in every state")
struct AdBreakPlanTableTests {
    typealias Action = AdBreakPlan.Action

    static let pre = AdBreakSlot(cue: 0, kind: .preRoll, time: 0)
    static let at60 = AdBreakSlot(cue: 1, kind: .midRoll, time: 60)
    static let at120 = AdBreakSlot(cue: 2, kind: .midRoll, time: 120)
    static let post = AdBreakSlot(cue: 3, kind: .postRoll, time: nil)

    /// One input to the plan.
    enum Input {
        case begin(now: Double)
        case observe(playhead: Double, now: Double)
        case durationKnown(Double, now: Double)
        case tick(now: Double)
        case adReady(AdBreakSlot, now: Double)
        case adUnavailable(AdBreakSlot, now: Double)
        case breakEnded(AdBreakSlot, now: Double)
        case contentEnded(now: Double)

        func apply(to plan: inout AdBreakPlan) -> [Action] {
            switch self {
            case .begin(let now): plan.begin(now: now)
            case .observe(let playhead, let now): plan.observe(playhead: playhead, rate: 1, now: now)
            case .durationKnown(let duration, let now): plan.durationKnown(duration, now: now)
            case .tick(let now): plan.tick(now: now)
            case .adReady(let slot, let now): plan.adReady(for: slot, now: now)
            case .adUnavailable(let slot, let now): plan.adUnavailable(for: slot, now: now)
            case .breakEnded(let slot, let now): plan.breakEnded(slot, now: now)
            case .contentEnded(let now): plan.contentEnded(now: now)
            }
        }
    }

    /// The states, each reached by its inputs from a fresh plan.
    enum State: String, CaseIterable, CustomStringConvertible {
        case notBegun, preRollWaiting, preRollPlaying, playing, prefetching, readyAhead, midRollWaiting, midRollPlaying, ended

        var description: String { rawValue }

        var inputs: [Input] {
            let playing: [Input] = [.begin(now: 0), .adReady(pre, now: 1), .breakEnded(pre, now: 16)]
            switch self {
            case .notBegun: return []
            case .preRollWaiting: return [.begin(now: 0)]
            case .preRollPlaying: return [.begin(now: 0), .adReady(pre, now: 1)]
            case .playing: return playing
            case .prefetching: return playing + [.observe(playhead: 50, now: 66)]
            case .readyAhead: return playing + [.observe(playhead: 50, now: 66), .adReady(at60, now: 67)]
            case .midRollWaiting: return playing + [.observe(playhead: 50, now: 66), .observe(playhead: 60.5, now: 76.5)]
            case .midRollPlaying: return playing + [.observe(playhead: 50, now: 66), .adReady(at60, now: 67), .observe(playhead: 60.5, now: 76.5)]
            case .ended: return playing + [.contentEnded(now: 17)]
            }
        }

        /// The playhead and the time the state was reached at.
        var playhead: Double { [.midRollWaiting, .midRollPlaying].contains(self) ? 60.5 : [.prefetching, .readyAhead].contains(self) ? 50 : 0 }
        var now: Double {
            switch self {
            case .notBegun, .preRollWaiting: 0
            case .preRollPlaying: 1
            case .playing: 16
            case .ended: 17
            case .prefetching: 66
            case .readyAhead: 67
            case .midRollWaiting, .midRollPlaying: 76.5
            }
        }
        /// The break whose ad is on its way, or on screen, in this state (the 60 s mid-roll otherwise).
        var slot: AdBreakSlot {
            switch self {
            case .preRollWaiting, .preRollPlaying: pre
            case .ended: post
            default: at60
            }
        }
    }

    /// The probes, made for a state (one second after it was reached; the tick ten).
    enum Probe: String, CaseIterable, CustomStringConvertible {
        case progress, seekForward, seekBack, tickLate, adReady, adUnavailable, breakEnded, contentEnded, durationKnown, begin

        var description: String { rawValue }

        func input(in state: State) -> Input {
            let now = state.now + 1
            switch self {
            case .progress: return .observe(playhead: state.playhead + 1, now: now)
            case .seekForward: return .observe(playhead: 130, now: now)
            case .seekBack: return .observe(playhead: max(0, state.playhead - 30), now: now)
            case .tickLate: return .tick(now: state.now + 10)
            case .adReady: return .adReady(state.slot, now: now)
            case .adUnavailable: return .adUnavailable(state.slot, now: now)
            case .breakEnded: return .breakEnded(state.slot, now: now)
            case .contentEnded: return .contentEnded(now: now)
            case .durationKnown: return .durationKnown(600, now: now)
            case .begin: return .begin(now: now)
            }
        }
    }

    /// What each probe does in each state; a probe not listed does nothing.
    static let table: [State: [Probe: [Action]]] = [
        .notBegun: [.begin: [.prefetch(pre)]],
        .preRollWaiting: [
            .seekForward: [.skip(at60, .seekedOver)],
            .tickLate: [.skip(pre, .timedOut)],
            .adReady: [.play(pre)],
            .adUnavailable: [.skip(pre, .noAd)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded)],
        ],
        .preRollPlaying: [
            .seekForward: [.skip(at60, .seekedOver)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded)],
        ],
        .playing: [
            .seekForward: [.skip(at60, .seekedOver), .prefetch(at120)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded), .prefetch(post)],
        ],
        .prefetching: [
            .seekForward: [.skip(at60, .seekedOver)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded)],
        ],
        .readyAhead: [
            .seekForward: [.skip(at60, .seekedOver), .play(at120)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded), .play(post)],
        ],
        .midRollWaiting: [
            .tickLate: [.skip(at60, .timedOut)],
            .adReady: [.play(at60)],
            .adUnavailable: [.skip(at60, .noAd)],
            .contentEnded: [.skip(at60, .contentEnded), .skip(at120, .contentEnded)],
        ],
        .midRollPlaying: [
            .contentEnded: [.skip(at120, .contentEnded)],
        ],
        .ended: [
            .tickLate: [.skip(post, .timedOut)],
            .adReady: [.play(post)],
            .adUnavailable: [.skip(post, .noAd)],
        ],
    ]

    static func reach(_ state: State) -> AdBreakPlan {
        var plan = AdBreakPlan(configuration: .init(
            cues: [.start, .seconds(60), .seconds(120), .end], seekPolicy: .lastSkipped, startTimeout: 5, prefetchLead: 10
        ))
        for input in state.inputs { _ = input.apply(to: &plan) }
        return plan
    }

    @Test(arguments: State.allCases, Probe.allCases)
    func everyInputInEveryState(_ state: State, _ probe: Probe) {
        var plan = Self.reach(state)
        let actions = probe.input(in: state).apply(to: &plan)
        #expect(actions == Self.table[state]?[probe] ?? [], "\(probe) in \(state)")
    }

    /// What each state is, as the plan reports it.
    @Test(arguments: State.allCases)
    func theStatesAreWhatTheyAreNamed(_ state: State) {
        let plan = Self.reach(state)
        #expect(plan.isHoldingContent == [.preRollWaiting, .preRollPlaying].contains(state), "\(state)")
        #expect(plan.breakInProgress == [State.preRollPlaying: Self.pre, .midRollPlaying: Self.at60][state], "\(state)")
        #expect(plan.hasContentEnded == (state == .ended), "\(state)")
        let deadlines: [State: Double] = [.preRollWaiting: 5, .midRollWaiting: 81.5, .ended: 22]
        #expect(plan.nextDeadline == deadlines[state], "\(state)")
    }
}
