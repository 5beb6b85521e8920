import Foundation
import KontextVideoScheduling

/// Counts how far a player's `currentTime` moved as content played, from samples taken on the
/// SDK's clock: the basis of an overlay's duration over a tracked player.
///
/// The SDK does not know a custom player's seeks or speed, so each forward move is judged
/// against the clock time since the last point the playhead was known to be at:
/// - the first sample (and the first after `resetBaseline()`) only sets the baseline;
/// - a forward move of at most `4 ×` the clock time elapsed counts (normal play, 2× play,
///   buffering that catches up);
/// - a forward move faster than that is a seek: it counts nothing and becomes the new baseline;
/// - a backward move is a seek back: it counts nothing and becomes the new baseline;
/// - no move (a stall, buffering) counts nothing and keeps the baseline, so a small jump right
///   after a long stall may count, as the API reference says.
/// A player that reports its own speed and seeks (an `AVPlayer`) is counted by
/// `ReportedProgressCounter` instead. A non-finite sample is ignored and clears the baseline.
package struct PlaybackProgressCounter: Sendable, Equatable {
    /// The fastest a custom player's playhead may move, in content seconds per clock second,
    /// before the move is taken for a seek.
    package static let seekSpeed: Double = 4

    private struct Baseline: Sendable, Equatable {
        var currentTime: TimeInterval
        var clockTime: Duration
    }

    /// Content seconds counted so far. Never decreases.
    package private(set) var counted: TimeInterval = 0

    private var baseline: Baseline?

    /// A counter that has counted nothing and has no baseline.
    package init() {}

    /// Takes one sample: where the content is (`currentTime`) at `clockTime` on the SDK's clock.
    /// Returns the content seconds newly counted.
    @discardableResult
    package mutating func sample(currentTime: TimeInterval, at clockTime: Duration) -> TimeInterval {
        guard currentTime.isFinite else {
            baseline = nil
            return 0
        }
        let here = Baseline(currentTime: currentTime, clockTime: clockTime)
        guard let previous = baseline else {
            baseline = here
            return 0
        }
        let moved = currentTime - previous.currentTime
        if moved == 0 {
            // A stall: keep the baseline so the clock time keeps accruing.
            return 0
        }
        baseline = here
        guard moved > 0 else { return 0 }
        let elapsed = (clockTime - previous.clockTime).timeInterval
        guard moved <= Self.seekSpeed * elapsed else { return 0 }
        counted += moved
        return moved
    }

    /// Forgets the baseline, so the next sample counts nothing (after the overlay was paused).
    package mutating func resetBaseline() {
        baseline = nil
    }
}
