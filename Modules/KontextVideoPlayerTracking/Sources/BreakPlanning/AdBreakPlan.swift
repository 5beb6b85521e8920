import Foundation

/// The decisions of an ad break planner, pure: inputs in (the content's playhead and speed, the
/// time on a monotonic clock, the ad's readiness, a break's end), actions out (prefetch, play,
/// skip, reject a late ad). It reads no clock and does no I/O; the facade's `VideoAdBreakPlanner`
/// feeds it from the tracked player and carries its actions out with the public API.
///
/// The rules:
/// - **One ad at a time.** A `VideoAds` holds one linear ad until it is shown, so the plan
///   prefetches for the next break only, `prefetchLead` seconds of content before it (the ad that
///   arrives serves whichever break comes due next).
/// - **Due.** A mid-roll comes due when normal playback passes its time; a pre-roll at `begin`; a
///   post-roll at `contentEnded`. Several passed in one step of playback: the last plays
///   (`.coalesced` for the rest). A due break plays as soon as its ad is ready, waiting at most
///   `startTimeout` seconds; past that it is skipped (`.timedOut`) and the ad, when it arrives, is
///   rejected (`rejectLateAd`): never shown over content that went on without it.
/// - **Seeks.** A playhead move that normal playback at the reported speed cannot explain is a
///   seek. Forward over cues: `seekPolicy` decides (`.none`, `.lastSkipped`, `.all`); backward:
///   nothing replays. Every cue passed, played or not, is done for good: no break plays twice.
/// - **Resume.** Mid-rolls before `resumePosition` are skipped (`.beforeResumePosition`); the
///   pre-roll still plays (it opens the viewing session, not the content's first second).
/// - **Spacing.** A break due less than `minimumSpacing` seconds (monotonic time) after the
///   previous one ended is skipped, except the pre-roll and the breaks queued by one `.all` seek
///   after its first.
/// - **End.** Nothing plays at or after the content's end but the post-roll; once the content
///   ended, queued mid-rolls are dropped (`.contentEnded`) and only the post-roll comes.
/// - **Repeating cues** are handled by occurrence number: passing several repetitions at once
///   reports one skip (the last passed), so a seek over an hour of 1-minute breaks is one event.
package struct AdBreakPlan: Sendable {
    /// The shortest repeating interval, in seconds: a shorter one would be ads, not breaks.
    package static let minimumRepeatInterval = 30.0
    /// Slack allowed to normal playback on top of its expected advance, in seconds: a player's
    /// reported time moves in steps (a frame, a segment), and a poll is never exactly on time.
    package static let playbackSlack = 0.5
    /// Past every repetition a cue can have (occurrence numbers are capped at 10⁹): marks a
    /// repeating cue done for good without overflowing the next occurrence's number.
    private static let everyOccurrence = 2_000_000_000

    /// What the plan was made with.
    package struct Configuration: Sendable {
        /// The cues, in any order.
        package var cues: [AdBreakCue]
        /// What a forward seek over cues plays.
        package var seekPolicy: AdBreakSeekPolicy
        /// Where the content starts, in seconds (a bookmark); 0 for the beginning.
        package var resumePosition: Double
        /// How long a due break waits for its ad, in seconds (the pre-roll time-out).
        package var startTimeout: Double
        /// How many seconds of content before a mid-roll (or the post-roll) its ad is prefetched.
        package var prefetchLead: Double
        /// The least time between the end of one break and the next, in seconds.
        package var minimumSpacing: Double

        /// Creates a configuration. Negative or non-finite numbers read as 0.
        /// - Parameters:
        ///   - cues: The cues.
        ///   - seekPolicy: What a forward seek over cues plays.
        ///   - resumePosition: Where the content starts, in seconds.
        ///   - startTimeout: How long a due break waits for its ad, in seconds.
        ///   - prefetchLead: How far ahead of a break its ad is prefetched, in seconds of content.
        ///   - minimumSpacing: The least time between breaks, in seconds.
        package init(
            cues: [AdBreakCue], seekPolicy: AdBreakSeekPolicy = .lastSkipped, resumePosition: Double = 0,
            startTimeout: Double = 5, prefetchLead: Double = 10, minimumSpacing: Double = 0
        ) {
            self.cues = cues
            self.seekPolicy = seekPolicy
            self.resumePosition = Self.nonNegative(resumePosition)
            self.startTimeout = Self.nonNegative(startTimeout)
            self.prefetchLead = Self.nonNegative(prefetchLead)
            self.minimumSpacing = Self.nonNegative(minimumSpacing)
        }

        private static func nonNegative(_ value: Double) -> Double {
            value.isFinite ? max(0, value) : 0
        }
    }

    /// What the plan asks for.
    package enum Action: Sendable, Hashable {
        /// Request and load a linear ad now, for this break.
        case prefetch(AdBreakSlot)
        /// The break is due and its ad is ready: pause the content and show the ad.
        case play(AdBreakSlot)
        /// The break will not play, and why.
        case skip(AdBreakSlot, AdBreakSkipReason)
        /// The ad prefetched for this break arrived after the break was given up: reject it
        /// (`.notUsed`) so it is never shown over content that went on.
        case rejectLateAd(AdBreakSlot)
    }

    /// Where the ad of the next break stands.
    private enum AdState: Sendable, Equatable {
        /// None requested.
        case none
        /// Requested for this break, not yet ready.
        case loading(for: AdBreakSlot)
        /// Ready to show.
        case ready
        /// The request for this break failed; not asked again for it.
        case unavailable(for: AdBreakSlot)
    }

    /// A due break waiting in line.
    private struct Due: Sendable {
        var slot: AdBreakSlot
        /// Whether the minimum spacing is waived (the pre-roll, the later breaks of one `.all` seek).
        var exemptFromSpacing: Bool
        /// When it stops waiting for its ad; set when it reaches the head of the line.
        var deadline: Double?
    }

    /// What the plan was made with.
    package let configuration: Configuration
    /// The cues, normalized; `nil` for one that cannot be placed (never plays).
    private let cues: [AdBreakCue?]
    /// Per cue, the highest occurrence done (played or skipped); -1 for none.
    private var doneThrough: [Int]
    /// The content's duration, once known.
    package private(set) var duration: Double?
    /// The last playhead observed, and when.
    private var lastPlayhead: Double
    private var lastObservedAt: Double?
    private var adState = AdState.none
    /// Breaks due, in order; the head plays next.
    private var due: [Due] = []
    /// The break on screen.
    package private(set) var breakInProgress: AdBreakSlot?
    /// When the last break ended.
    private var lastBreakEndedAt: Double?
    /// The break whose ad, still loading, is to be rejected when it arrives.
    private var lateAdFor: AdBreakSlot?
    private var hasBegun = false
    /// Whether the content ended (`contentEnded`).
    package private(set) var hasContentEnded = false

    /// A plan that has not begun.
    /// - Parameter configuration: The cues and rules.
    package init(configuration: Configuration) {
        self.configuration = configuration
        self.cues = configuration.cues.map(\.normalized)
        self.doneThrough = Array(repeating: -1, count: configuration.cues.count)
        self.lastPlayhead = configuration.resumePosition
    }

    /// Whether the content should wait: the pre-roll is due or on screen.
    package var isHoldingContent: Bool {
        breakInProgress?.kind == .preRoll || due.contains { $0.slot.kind == .preRoll }
    }

    /// Whether every break is done and none can come: the content ended and the line is empty.
    package var isFinished: Bool {
        hasContentEnded && due.isEmpty && breakInProgress == nil
    }

    /// When the plan next needs `tick(now:)` even if nothing else happens: the head break's
    /// deadline; `nil` for none.
    package var nextDeadline: Double? {
        breakInProgress == nil ? due.first?.deadline : nil
    }

    // MARK: - Inputs

    /// The viewing session begins at `now`: the pre-roll comes due, cues before the resume position
    /// are skipped, and the first mid-roll's ad is prefetched if it is within the lead.
    /// - Parameter now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func begin(now: Double) -> [Action] {
        guard !hasBegun else { return [] }
        hasBegun = true
        lastObservedAt = now
        var actions: [Action] = []
        for (index, cue) in cues.enumerated() {
            switch cue {
            case .start?:
                doneThrough[index] = 0
                due.append(Due(slot: AdBreakSlot(cue: index, kind: .preRoll, time: 0), exemptFromSpacing: true))
            case nil:
                doneThrough[index] = 0
            default: break
            }
        }
        if configuration.resumePosition > 0 {
            markPassed(after: -.infinity, through: configuration.resumePosition, reason: .beforeResumePosition, into: &actions)
        }
        advance(now: now, into: &actions)
        prefetchAhead(into: &actions)
        return actions
    }

    /// The content's duration became known: percentages are placed, and mid-rolls at or past the
    /// end are dropped.
    /// - Parameters:
    ///   - duration: Seconds; ignored when not finite and positive, or once known.
    ///   - now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func durationKnown(_ duration: Double, now: Double) -> [Action] {
        guard self.duration == nil, duration.isFinite, duration > 0 else { return [] }
        self.duration = duration
        var actions: [Action] = []
        for (index, cue) in cues.enumerated() where doneThrough[index] < 0 {
            guard let time = cue.flatMap(firstTime) else { continue }
            if time >= duration {
                done(AdBreakSlot(cue: index, kind: .midRoll, time: time), reason: .afterContentEnd, into: &actions)
            } else if hasBegun, time <= lastPlayhead, case .percent? = cue {
                let reason: AdBreakSkipReason = time <= configuration.resumePosition ? .beforeResumePosition : .passedBeforeDurationKnown
                done(AdBreakSlot(cue: index, kind: .midRoll, time: time), reason: reason, into: &actions)
            }
        }
        guard hasBegun else { return actions }
        advance(now: now, into: &actions)
        prefetchAhead(into: &actions)
        return actions
    }

    /// The content's playhead at `now`, playing at `rate` (0 when paused).
    /// - Parameters:
    ///   - playhead: Seconds of content.
    ///   - rate: The playback speed (1 normal, 2 double, 0 paused).
    ///   - now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func observe(playhead: Double, rate: Double, now: Double) -> [Action] {
        guard hasBegun, !hasContentEnded, playhead.isFinite else { return [] }
        var actions: [Action] = []
        let previous = lastPlayhead
        let elapsed = max(0, now - (lastObservedAt ?? now))
        let speed = rate.isFinite ? max(0, rate) : 1
        let expected = elapsed * speed * 1.25 + Self.playbackSlack
        let moved = playhead - previous
        lastPlayhead = playhead
        lastObservedAt = now
        if moved >= -Self.playbackSlack && moved <= expected {
            // Normal playback: the last cue passed plays.
            var passed = passedSlots(after: previous, through: playhead)
            if let last = passed.popLast() {
                for slot in passed { done(slot, reason: .coalesced, into: &actions) }
                mark(last)
                due.append(Due(slot: last, exemptFromSpacing: false))
            }
        } else if moved > 0 {
            var passed = passedSlots(after: previous, through: playhead)
            switch configuration.seekPolicy {
            case .none:
                for slot in passed { done(slot, reason: .seekedOver, into: &actions) }
            case .lastSkipped:
                if let last = passed.popLast() {
                    for slot in passed { done(slot, reason: .seekedOver, into: &actions) }
                    mark(last)
                    due.append(Due(slot: last, exemptFromSpacing: false))
                }
            case .all:
                for (position, slot) in passed.enumerated() {
                    mark(slot)
                    due.append(Due(slot: slot, exemptFromSpacing: position > 0))
                }
            }
        }
        // A backward seek passes nothing: every cue behind the playhead is done already.
        advance(now: now, into: &actions)
        prefetchAhead(into: &actions)
        return actions
    }

    /// Time passed with nothing else to report: a due break's wait may have run out.
    /// - Parameter now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func tick(now: Double) -> [Action] {
        guard hasBegun else { return [] }
        var actions: [Action] = []
        advance(now: now, into: &actions)
        return actions
    }

    /// The ad requested for `slot` is ready (loaded).
    /// - Parameters:
    ///   - slot: The break the prefetch was for.
    ///   - now: Monotonic time, in seconds.
    /// - Returns: The actions, in order: the due break plays, or a late ad is rejected.
    package mutating func adReady(for slot: AdBreakSlot, now: Double) -> [Action] {
        guard adState == .loading(for: slot) else { return [] }
        var actions: [Action] = []
        if lateAdFor == slot {
            lateAdFor = nil
            adState = .none
            actions.append(.rejectLateAd(slot))
            advance(now: now, into: &actions)
            prefetchAhead(into: &actions)
            return actions
        }
        adState = .ready
        advance(now: now, into: &actions)
        return actions
    }

    /// The ad requested for `slot` could not be had (no fill, an error, a failed load).
    /// - Parameters:
    ///   - slot: The break the prefetch was for.
    ///   - now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func adUnavailable(for slot: AdBreakSlot, now: Double) -> [Action] {
        guard adState == .loading(for: slot) else { return [] }
        if lateAdFor == slot { lateAdFor = nil }
        adState = .unavailable(for: slot)
        var actions: [Action] = []
        advance(now: now, into: &actions)
        return actions
    }

    /// The break on screen ended (however: completed, skipped, failed).
    /// - Parameters:
    ///   - slot: The break.
    ///   - now: Monotonic time, in seconds.
    /// - Returns: The actions, in order: the next due break, the next prefetch.
    package mutating func breakEnded(_ slot: AdBreakSlot, now: Double) -> [Action] {
        guard breakInProgress == slot else { return [] }
        breakInProgress = nil
        lastBreakEndedAt = now
        lastObservedAt = now
        var actions: [Action] = []
        advance(now: now, into: &actions)
        prefetchAhead(into: &actions)
        return actions
    }

    /// The content played to its end: mid-rolls still waiting are dropped, and the post-roll comes due.
    /// - Parameter now: Monotonic time, in seconds.
    /// - Returns: The actions, in order.
    package mutating func contentEnded(now: Double) -> [Action] {
        guard hasBegun, !hasContentEnded else { return [] }
        hasContentEnded = true
        var actions: [Action] = []
        let dropped = due.filter { $0.slot.kind == .midRoll }
        due.removeAll { $0.slot.kind == .midRoll }
        for entry in dropped { actions.append(.skip(entry.slot, .contentEnded)) }
        for (index, cue) in cues.enumerated() where doneThrough[index] < (cue.map(isRepeating) == true ? Self.everyOccurrence : 0) {
            switch cue {
            case .end?:
                doneThrough[index] = 0
                due.append(Due(slot: AdBreakSlot(cue: index, kind: .postRoll, time: duration), exemptFromSpacing: false))
            case .every(let interval, let first)?:
                // One report for the repetitions never reached, if any was left before the end.
                let next = doneThrough[index] + 1
                let time = first + Double(next) * interval
                doneThrough[index] = Self.everyOccurrence
                if duration.map({ time < $0 }) ?? true {
                    actions.append(.skip(AdBreakSlot(cue: index, occurrence: next, kind: .midRoll, time: time), .contentEnded))
                }
            case let cue?:
                doneThrough[index] = 0
                actions.append(.skip(AdBreakSlot(cue: index, kind: .midRoll, time: firstTime(cue)), .contentEnded))
            case nil:
                break
            }
        }
        advance(now: now, into: &actions)
        return actions
    }

    // MARK: - Deciding

    /// Plays, skips or waits on the head of the line until one waits or plays.
    private mutating func advance(now: Double, into actions: inout [Action]) {
        while breakInProgress == nil, var head = due.first {
            if !head.exemptFromSpacing, let ended = lastBreakEndedAt, now - ended < configuration.minimumSpacing {
                due.removeFirst()
                actions.append(.skip(head.slot, .tooSoonAfterPreviousBreak))
                continue
            }
            switch adState {
            case .ready:
                due.removeFirst()
                adState = .none
                breakInProgress = head.slot
                actions.append(.play(head.slot))
                return
            case .unavailable(let slot) where slot == head.slot:
                due.removeFirst()
                adState = .none
                actions.append(.skip(head.slot, .noAd))
                continue
            case .none, .unavailable:
                adState = .loading(for: head.slot)
                actions.append(.prefetch(head.slot))
            case .loading:
                break
            }
            let deadline = head.deadline ?? now + configuration.startTimeout
            if now >= deadline {
                due.removeFirst()
                if case .loading(let slot) = adState { lateAdFor = slot }
                actions.append(.skip(head.slot, .timedOut))
                continue
            }
            head.deadline = deadline
            due[0] = head
            return
        }
    }

    /// Prefetches for the next break ahead of the playhead when it is within the lead and no ad
    /// is held or on its way.
    private mutating func prefetchAhead(into actions: inout [Action]) {
        guard adState == .none || isUnavailableForOtherSlot, due.isEmpty, breakInProgress == nil, !hasContentEnded,
              let next = nextSlot(), let time = next.time, time - lastPlayhead <= configuration.prefetchLead else { return }
        if case .unavailable(let slot) = adState, slot == next { return }
        adState = .loading(for: next)
        actions.append(.prefetch(next))
    }

    private var isUnavailableForOtherSlot: Bool {
        if case .unavailable = adState { return true }
        return false
    }

    /// The next break ahead of the playhead: the earliest mid-roll not done, else the post-roll
    /// when the duration is known.
    private func nextSlot() -> AdBreakSlot? {
        var best: AdBreakSlot?
        for (index, cue) in cues.enumerated() {
            guard let cue else { continue }
            let slot: AdBreakSlot?
            switch cue {
            case .start: slot = nil
            case .end:
                slot = doneThrough[index] < 0 ? duration.map { AdBreakSlot(cue: index, kind: .postRoll, time: $0) } : nil
            case .every(let interval, let first):
                let next = max(doneThrough[index] + 1, occurrence(after: lastPlayhead, interval: interval, first: first))
                slot = AdBreakSlot(cue: index, occurrence: next, kind: .midRoll, time: first + Double(next) * interval)
            default:
                slot = doneThrough[index] < 0 ? firstTime(cue).map { AdBreakSlot(cue: index, kind: .midRoll, time: $0) } : nil
            }
            guard let slot, let time = slot.time, time > lastPlayhead, duration.map({ time <= $0 }) ?? true else { continue }
            if let current = best?.time, current <= time { continue }
            best = slot
        }
        return best
    }

    /// The mid-roll slots not done whose time is in `(start, end]`, in time order; for a repeating
    /// cue only its last repetition in the range (the others are marked done with it).
    private func passedSlots(after start: Double, through end: Double) -> [AdBreakSlot] {
        var slots: [AdBreakSlot] = []
        for (index, cue) in cues.enumerated() {
            guard let cue else { continue }
            switch cue {
            case .start, .end: continue
            case .every(let interval, let first):
                guard end >= first else { continue }
                let last = Int(min(((end - first) / interval).rounded(.down), 1e9))
                let time = first + Double(last) * interval
                guard last > doneThrough[index], time > start, isBeforeEnd(time) else { continue }
                slots.append(AdBreakSlot(cue: index, occurrence: last, kind: .midRoll, time: time))
            default:
                guard doneThrough[index] < 0, let time = firstTime(cue), time > start, time <= end, isBeforeEnd(time) else { continue }
                slots.append(AdBreakSlot(cue: index, kind: .midRoll, time: time))
            }
        }
        return slots.sorted { ($0.time ?? 0, $0.cue) < ($1.time ?? 0, $1.cue) }
    }

    /// Skips every mid-roll in `(start, end]` for `reason`.
    private mutating func markPassed(after start: Double, through end: Double, reason: AdBreakSkipReason, into actions: inout [Action]) {
        for slot in passedSlots(after: start, through: end) {
            done(slot, reason: reason, into: &actions)
        }
    }

    private mutating func done(_ slot: AdBreakSlot, reason: AdBreakSkipReason, into actions: inout [Action]) {
        mark(slot)
        actions.append(.skip(slot, reason))
    }

    private mutating func mark(_ slot: AdBreakSlot) {
        doneThrough[slot.cue] = max(doneThrough[slot.cue], slot.occurrence)
    }

    private func isBeforeEnd(_ time: Double) -> Bool {
        duration.map { time < $0 } ?? true
    }

    private func isRepeating(_ cue: AdBreakCue) -> Bool {
        if case .every = cue { return true }
        return false
    }

    /// The time of a one-off mid-roll cue, or a repeating cue's first; `nil` while a percentage
    /// waits for the duration, and for `.start` / `.end`.
    private func firstTime(_ cue: AdBreakCue) -> Double? {
        switch cue {
        case .seconds(let seconds): seconds
        case .percent(let percent): duration.map { $0 * percent / 100 }
        case .every(_, let first): first
        case .start, .end: nil
        }
    }

    /// The first repetition strictly after `time`.
    private func occurrence(after time: Double, interval: Double, first: Double) -> Int {
        guard time >= first else { return 0 }
        return Int(min(((time - first) / interval).rounded(.down), 1e9)) + 1
    }
}
