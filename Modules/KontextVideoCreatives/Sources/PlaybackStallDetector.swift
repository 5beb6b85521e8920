import Foundation
import KontextVideoScheduling

/// Decides when a playing video has stood still too long. The player glue feeds it every
/// position it observes and whether the video should be moving then (not paused, app active);
/// the detector answers on the injected clock, so the rule is the same on a device and in a test.
package struct PlaybackStallDetector {
    /// What one observation means.
    package enum Verdict: Equatable, Sendable {
        /// The video moved to this position (in seconds of the ad).
        case moved(TimeInterval)
        /// The video stands still, within the allowed time.
        case still
        /// The video stood still longer than the limit while it should have moved: it stalled.
        case stalled
    }

    /// How long playback may stand still, while it should move, before it counts as stalled.
    package static let defaultLimit: Duration = .seconds(8)
    /// A position must advance by more than this to count as movement (time observers repeat
    /// the same position, or jitter by a frame, while buffering).
    package static let movementThreshold: TimeInterval = 0.01

    private let clock: any SchedulingClock
    private let limit: Duration
    private var lastPosition: TimeInterval = -.infinity
    private var lastMovement: Duration

    /// Creates a detector whose stall window starts now.
    package init(clock: any SchedulingClock, limit: Duration = PlaybackStallDetector.defaultLimit) {
        self.clock = clock
        self.limit = limit
        self.lastMovement = clock.now
    }

    /// Starts the stall window again: playback (re)started, for example after the app came back
    /// to the foreground, so the time it was held still does not count.
    package mutating func restart() {
        lastMovement = clock.now
    }

    /// Judges one observed position. `shouldMove` is whether the video is expected to advance
    /// now: playing (not paused by anyone) and the app active.
    package mutating func observe(position: TimeInterval, shouldMove: Bool) -> Verdict {
        guard position.isFinite else { return .still }
        let now = clock.now
        if position > lastPosition + Self.movementThreshold {
            lastPosition = position
            lastMovement = now
            return .moved(position)
        }
        guard shouldMove else {
            // Held still on purpose: the window starts when it should move again.
            lastMovement = now
            return .still
        }
        return now - lastMovement > limit ? .stalled : .still
    }
}
