import Foundation

/// Where an ad break goes on the content's timeline.
package enum AdBreakCue: Sendable, Hashable {
    /// Before the content (a pre-roll).
    case start
    /// After the content (a post-roll), once the app says it ended.
    case end
    /// Seconds into the content (a mid-roll); 0 or less is `.start`.
    case seconds(Double)
    /// A percentage (0–100) of the content's duration, placed once the duration is known; 0 is
    /// `.start` and 100 is `.end`.
    case percent(Double)
    /// Every `interval` seconds of content, the first at `first` seconds (a mid-roll each time).
    /// An interval under `AdBreakPlan.minimumRepeatInterval` is raised to it.
    case every(interval: Double, first: Double)

    /// The cue with its numbers made safe (finite, in range) and its edge cases named
    /// (`.seconds(0)` is `.start`, `.percent(100)` is `.end`); `nil` for one that cannot be placed.
    var normalized: AdBreakCue? {
        switch self {
        case .start, .end: return self
        case .seconds(let seconds):
            guard seconds.isFinite else { return nil }
            return seconds <= 0 ? .start : self
        case .percent(let percent):
            guard percent.isFinite, (0...100).contains(percent) else { return nil }
            return percent == 0 ? .start : percent == 100 ? .end : self
        case .every(let interval, let first):
            guard interval.isFinite, first.isFinite, interval > 0 else { return nil }
            return .every(interval: max(interval, AdBreakPlan.minimumRepeatInterval), first: max(first, AdBreakPlan.minimumRepeatInterval))
        }
    }
}

/// One break the plan may play: a cue, and for a repeating cue which repetition (from 0).
package struct AdBreakSlot: Sendable, Hashable, CustomStringConvertible {
    /// What kind of break.
    package enum Kind: Sendable, Hashable {
        /// Before the content.
        case preRoll
        /// During the content.
        case midRoll
        /// After the content.
        case postRoll
    }

    /// The cue's index in the plan's cue list.
    package var cue: Int
    /// The repetition of a repeating cue, from 0; 0 for every other cue.
    package var occurrence: Int
    /// What kind of break.
    package var kind: Kind
    /// Where it plays, in seconds of content: 0 for a pre-roll, the duration (when known) for a
    /// post-roll.
    package var time: Double?

    /// Creates a slot.
    /// - Parameters:
    ///   - cue: The cue's index.
    ///   - occurrence: The repetition, from 0.
    ///   - kind: The kind of break.
    ///   - time: Where it plays, in seconds.
    package init(cue: Int, occurrence: Int = 0, kind: Kind, time: Double?) {
        self.cue = cue
        self.occurrence = occurrence
        self.kind = kind
        self.time = time
    }

    /// `mid#2.3@90.0` (cue 2, repetition 3, at 90 s), for test failures.
    package var description: String {
        let kindName = switch kind { case .preRoll: "pre"; case .midRoll: "mid"; case .postRoll: "post" }
        return "\(kindName)#\(cue).\(occurrence)@\(time.map { String($0) } ?? "end")"
    }
}

/// What to do when the viewer seeks forward over cues.
package enum AdBreakSeekPolicy: Sendable, Hashable, CaseIterable {
    /// Play none of them.
    case none
    /// Play the last one passed (snap-back), skip the rest.
    case lastSkipped
    /// Play every one passed, in order, back to back.
    case all
}

/// Why a break did not play.
package enum AdBreakSkipReason: Sendable, Hashable {
    /// The viewer seeked over it, and the seek policy did not keep it.
    case seekedOver
    /// It lies before the position the content resumed from.
    case beforeResumePosition
    /// Its percentage was placed once the duration was known, and the content was past it already.
    case passedBeforeDurationKnown
    /// It lies at or after the content's end (a mid-roll); only a post-roll plays there.
    case afterContentEnd
    /// The content ended before it came.
    case contentEnded
    /// Too soon after the previous break ended (the minimum spacing).
    case tooSoonAfterPreviousBreak
    /// Its ad was not ready within the time-out after the break came due: a late ad is rejected,
    /// never shown over content that started without it.
    case timedOut
    /// The ad request failed (no fill, an error): there is nothing to play.
    case noAd
    /// Several cues were passed in one step of normal playback (a coarse poll); the last plays.
    case coalesced
}
