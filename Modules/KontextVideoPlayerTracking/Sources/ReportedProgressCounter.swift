import Foundation
import KontextVideoScheduling

/// Counts how far a player's content played from what the player itself reports: its state and
/// speed, and its seek events (an `AVPlayer`). The basis of an overlay's duration over such a
/// player, where `PlaybackProgressCounter` must guess seeks and speed for a custom one.
///
/// The follower observes the player at each of its events and when the duration should have been
/// reached, nothing in between. From one observation to the next, in the state reported at the first:
/// - paused or waiting (buffering): nothing counts;
/// - playing at rate r, when the second observation is the player's seek event: r × the clock time
///   between them counts (the play before the jump); the jump itself counts nothing, however small;
/// - playing at rate r otherwise: the playhead's forward move counts, up to what playing at r moves
///   in that time plus `eventDelayAllowance` (a jump whose event has not arrived yet counts no more
///   than playing could have moved); a backward move counts nothing.
/// The first observation, and the first after `resetBaseline()`, only sets the baseline.
package struct ReportedProgressCounter: Sendable, Equatable {
    /// Slack for the delay between the player's change and its event reaching the SDK (a speed
    /// change reported a few milliseconds late): a forward move may exceed what the reported speed
    /// plays by this much and still count. It bounds what a seek whose event comes after another
    /// event can add, too.
    package static let eventDelayAllowance: TimeInterval = 0.1

    /// The last observation.
    struct Baseline: Sendable, Equatable {
        /// Where the content was, `nil` when the player gave a non-finite time.
        var currentTime: TimeInterval?
        var clockTime: Duration
    }

    /// Content seconds counted up to the last observation. Never decreases.
    package private(set) var counted: TimeInterval = 0
    /// The state the player reported last: it holds from the last observation on.
    package private(set) var state: PlaybackState
    /// The last observation, `nil` before the first and after `resetBaseline()`.
    private(set) var baseline: Baseline?

    /// A counter that has counted nothing, for a player now in `state`.
    package init(state: PlaybackState) {
        self.state = state
    }

    /// Observes the player at `clockTime`: where the content is, whether it jumped since the last
    /// observation (its seek event), and its state from now on if it changed. Returns the content
    /// seconds newly counted.
    @discardableResult
    package mutating func observe(
        currentTime: TimeInterval,
        at clockTime: Duration,
        jumped: Bool = false,
        state newState: PlaybackState? = nil
    ) -> TimeInterval {
        let newly = played(until: currentTime, at: clockTime, jumped: jumped)
        counted += newly
        baseline = Baseline(currentTime: currentTime.isFinite ? currentTime : nil, clockTime: clockTime)
        if let newState { state = newState }
        return newly
    }

    /// Takes a new state without counting anything (while the overlay is paused, in the background).
    package mutating func update(state newState: PlaybackState) {
        state = newState
    }

    /// Forgets the baseline, so the next observation counts nothing (after the overlay was paused).
    package mutating func resetBaseline() {
        baseline = nil
    }

    /// When `counted` would reach `target` at the reported speed, from the last observation on;
    /// `nil` when the content does not move (paused, waiting) or nothing was observed yet.
    package func clockTime(reaching target: TimeInterval) -> Duration? {
        let speed = state.speed
        guard let baseline, speed > 0 else { return nil }
        return baseline.clockTime + .timeInterval(max(0, target - counted) / speed)
    }

    private func played(until currentTime: TimeInterval, at clockTime: Duration, jumped: Bool) -> TimeInterval {
        guard let baseline else { return 0 }
        let byReportedSpeed = state.speed * max(.zero, clockTime - baseline.clockTime).timeInterval
        guard byReportedSpeed > 0 else { return 0 }
        if jumped { return byReportedSpeed }
        guard let start = baseline.currentTime, currentTime.isFinite else { return 0 }
        return min(max(0, currentTime - start), byReportedSpeed + Self.eventDelayAllowance)
    }
}
