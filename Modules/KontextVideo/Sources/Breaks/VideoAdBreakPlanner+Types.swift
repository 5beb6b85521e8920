import Foundation
import KontextVideoPlayerTracking
import KontextVideoVAST

extension VideoAdBreakPlanner {
    /// Where an ad break goes on the content's timeline.
    public enum CuePoint: Sendable, Hashable {
        /// Before the content: a pre-roll. ``VideoAdBreakPlanner/start()`` returns once it played
        /// or was skipped.
        case start
        /// After the content: a post-roll, once you call ``VideoAdBreakPlanner/contentDidEnd()``.
        case end
        /// Seconds into the content: a mid-roll. 0 or less is ``start``.
        case seconds(TimeInterval)
        /// A percentage (0–100) of the content's duration: a mid-roll placed once you give the
        /// duration (``VideoAdBreakPlanner/setContentDuration(_:)``). 0 is ``start``, 100 is ``end``.
        case percent(Double)
        /// A mid-roll every `interval` seconds of content, the first at `first` seconds. Intervals
        /// and first breaks under 30 seconds are raised to 30.
        case every(TimeInterval, first: TimeInterval)
    }

    /// What a forward seek over cue points plays.
    public enum SeekPolicy: Sendable, Hashable, CaseIterable {
        /// None of the breaks passed.
        case none
        /// The last break passed (the viewer snaps back to an ad, then lands where they aimed).
        case lastSkipped
        /// Every break passed, in order, back to back.
        case all
    }

    /// How the planner places and times breaks.
    public struct Configuration: Sendable {
        /// Where the breaks go.
        public var cuePoints: [CuePoint]
        /// What a forward seek over cue points plays. Default: `.lastSkipped`.
        public var seekPolicy: SeekPolicy
        /// Where the content starts, in seconds (a bookmark). Mid-rolls before it are skipped; a
        /// pre-roll still plays. Default: 0.
        public var resumePosition: TimeInterval
        /// How long a due break waits for its ad, in seconds, the pre-roll's included. Past it the
        /// break is skipped (``SkipReason/timedOut``) and the ad, when it arrives, is rejected with
        /// `.notUsed`: never shown over content that went on. Default: 5.
        public var preRollTimeout: TimeInterval
        /// How many seconds of content before a mid-roll (or the post-roll) its ad is requested
        /// and loaded, so it is ready at the cue. Default: 10.
        public var prefetchLead: TimeInterval
        /// The least time between the end of one break and the next, in seconds; a break due
        /// sooner is skipped (``SkipReason/tooSoonAfterPreviousBreak``). Default: 0.
        public var minimumSpacing: TimeInterval
        /// Whether the planner calls `show()` on each due break's ad itself (`true`, the default),
        /// or leaves it to you on ``Event/breakDue(_:ad:)``.
        public var showsBreaks: Bool

        /// Creates a configuration.
        /// - Parameters:
        ///   - cuePoints: Where the breaks go.
        ///   - seekPolicy: What a forward seek over cue points plays.
        ///   - resumePosition: Where the content starts, in seconds.
        ///   - preRollTimeout: How long a due break waits for its ad, in seconds.
        ///   - prefetchLead: How far ahead of a break its ad is loaded, in seconds of content.
        ///   - minimumSpacing: The least time between breaks, in seconds.
        ///   - showsBreaks: Whether the planner shows each due break's ad itself.
        public init(
            cuePoints: [CuePoint], seekPolicy: SeekPolicy = .lastSkipped, resumePosition: TimeInterval = 0,
            preRollTimeout: TimeInterval = 5, prefetchLead: TimeInterval = 10, minimumSpacing: TimeInterval = 0,
            showsBreaks: Bool = true
        ) {
            self.cuePoints = cuePoints
            self.seekPolicy = seekPolicy
            self.resumePosition = resumePosition
            self.preRollTimeout = preRollTimeout
            self.prefetchLead = prefetchLead
            self.minimumSpacing = minimumSpacing
            self.showsBreaks = showsBreaks
        }
    }

    /// One break: which cue point, and for a repeating one which repetition.
    public struct Break: Sendable, Hashable, CustomStringConvertible {
        /// Where a break plays.
        public enum Kind: Sendable, Hashable {
            /// Before the content.
            case preRoll
            /// During the content.
            case midRoll
            /// After the content.
            case postRoll
        }

        /// Where the break plays.
        public let kind: Kind
        /// The cue point's index in ``Configuration/cuePoints``.
        public let cuePointIndex: Int
        /// The repetition of an ``CuePoint/every(_:first:)`` cue point, from 0; 0 for the others.
        public let repetition: Int
        /// Where in the content, in seconds: 0 for a pre-roll, the duration (when given) for a
        /// post-roll, `nil` when not known.
        public let time: TimeInterval?

        init(_ slot: AdBreakSlot) {
            self.kind = switch slot.kind {
            case .preRoll: .preRoll
            case .midRoll: .midRoll
            case .postRoll: .postRoll
            }
            self.cuePointIndex = slot.cue
            self.repetition = slot.occurrence
            self.time = slot.time
        }

        /// `mid-roll at 60.0 s (cue point 1)`.
        public var description: String {
            let name = switch kind { case .preRoll: "pre-roll"; case .midRoll: "mid-roll"; case .postRoll: "post-roll" }
            return "\(name) at \(time.map { "\($0) s" } ?? "the end") (cue point \(cuePointIndex)\(repetition > 0 ? ", repetition \(repetition)" : ""))"
        }
    }

    /// Why a break did not play.
    public enum SkipReason: Sendable, Hashable {
        /// The viewer seeked over it, and the seek policy did not keep it.
        case seekedOver
        /// It lies before ``Configuration/resumePosition``.
        case beforeResumePosition
        /// Its percentage was placed once the duration was given, and the content was past it.
        case passedBeforeDurationKnown
        /// A mid-roll at or after the content's end: only a post-roll plays there.
        case afterContentEnd
        /// The content ended before it came.
        case contentEnded
        /// Too soon after the previous break (``Configuration/minimumSpacing``).
        case tooSoonAfterPreviousBreak
        /// Its ad was not ready within ``Configuration/preRollTimeout``; the late ad is rejected.
        case timedOut
        /// There was no ad: `format(.linear)` or `load()` failed (no fill, an error).
        case noAd
        /// Several cue points passed in one step of playback; the last played.
        case coalesced

        init(_ reason: AdBreakSkipReason) {
            self = switch reason {
            case .seekedOver: .seekedOver
            case .beforeResumePosition: .beforeResumePosition
            case .passedBeforeDurationKnown: .passedBeforeDurationKnown
            case .afterContentEnd: .afterContentEnd
            case .contentEnded: .contentEnded
            case .tooSoonAfterPreviousBreak: .tooSoonAfterPreviousBreak
            case .timedOut: .timedOut
            case .noAd: .noAd
            case .coalesced: .coalesced
            }
        }
    }

    /// What the planner tells you, in order, on ``VideoAdBreakPlanner/events``.
    public enum Event: Sendable {
        /// The planner asked for the next break's ad (`format(.linear)`, then `load()`).
        case prefetchStarted(Break)
        /// The ad asked for `Break` is loaded and ready to show.
        case adReady(Break, ad: VideoAd)
        /// A break is due and its ad is ready: pause your content. The planner shows the ad when
        /// ``Configuration/showsBreaks`` is `true`; otherwise call `ad.show()` (or `reject()`).
        case breakDue(Break, ad: VideoAd)
        /// The break's ad ended (or could not be shown): resume your content.
        case breakEnded(Break)
        /// The break will not play, and why.
        case breakSkipped(Break, reason: SkipReason)
        /// An ad that arrived after its break was given up was rejected with `.notUsed`.
        case lateAdRejected(Break)
    }

    /// The cue points of a VMAP 1.0 document's linear ad breaks: `start`, `end`, `HH:MM:SS(.mmm)`,
    /// `n%`, with `repeatAfter` as an ``CuePoint/every(_:first:)``. The document is read with the
    /// SDK's rules for hostile input (2 MiB at most, no entity expansion, bounded numbers); `#n`
    /// positions (the stream's own cue marks) and non-linear breaks are left out. The breaks' ads
    /// still come from ``VideoAds/format(_:)``: a document's ad tags are not requested.
    ///
    /// ```swift
    /// let cues = try VideoAdBreakPlanner.cuePoints(fromVMAP: data)
    /// let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(cuePoints: cues))
    /// ```
    ///
    /// - Parameter data: The VMAP document's bytes.
    /// - Returns: The cue points, in document order.
    /// - Throws: ``VMAPError`` when the document is not VMAP 1.x or not well-formed.
    public static func cuePoints(fromVMAP data: Data) throws(VMAPError) -> [CuePoint] {
        switch VMAPReader.read(data) {
        case .failure(let error):
            throw VMAPError(code: error.code.rawValue, message: error.message)
        case .success(let document):
            return document.adBreaks.filter(\.isLinear).flatMap { adBreak -> [CuePoint] in
                switch (adBreak.timeOffset, adBreak.repeatAfter) {
                case (.start, nil): return [.start]
                case (.start, let repeatAfter?): return [.start, .every(repeatAfter, first: repeatAfter)]
                case (.end, _): return [.end]
                case (.percent(let percent), _): return [.percent(percent)]
                case (.position, _): return []
                case (.seconds(let seconds), nil): return [.seconds(seconds)]
                case (.seconds(let seconds), let repeatAfter?): return [.every(repeatAfter, first: seconds)]
                }
            }
        }
    }

    /// A VMAP document that could not be read.
    public struct VMAPError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The VMAP 1.0 error code: 1000 (not a VMAP document), 1001 (version), 1002 (not
        /// well-formed, or over the size limits), 1003 (too many breaks).
        public let code: Int
        /// Why, for your logs.
        public let message: String

        /// `VMAP error 1002: …`.
        public var description: String { "VMAP error \(code): \(message)" }
    }
}

extension VideoAdBreakPlanner.CuePoint {
    var planCue: AdBreakCue {
        switch self {
        case .start: .start
        case .end: .end
        case .seconds(let seconds): .seconds(seconds)
        case .percent(let percent): .percent(percent)
        case .every(let interval, let first): .every(interval: interval, first: first)
        }
    }
}

extension VideoAdBreakPlanner.SeekPolicy {
    var planPolicy: AdBreakSeekPolicy {
        switch self {
        case .none: .none
        case .lastSkipped: .lastSkipped
        case .all: .all
        }
    }
}
