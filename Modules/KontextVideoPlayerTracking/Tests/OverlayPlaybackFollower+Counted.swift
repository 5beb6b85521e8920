import Foundation
@testable import KontextVideoPlayerTracking
import KontextVideoScheduling

// What the tests read of a follower's source and count. The follower completes by itself and needs no such
// read-out, so it lives here (issue 20: no production member only tests use), computed from the
// session's own state.

extension OverlayPlaybackFollower {
    /// How the follower follows the content; decided at `start()` (a reporting player whose events
    /// stop while it lives becomes a polled one).
    var source: OverlayPlaybackSession.Source { session.source }

    /// Content seconds counted so far: the player's counted progress, or own time without a player.
    /// For a reporting player, what its reported speed played since the last look at its playhead
    /// counts too.
    var countedDuration: TimeInterval {
        session.counted(at: clock.now)
    }
}

extension OverlayPlaybackSession {
    /// Content seconds counted by `now` (see `OverlayPlaybackFollower.countedDuration`).
    func counted(at now: Duration) -> TimeInterval {
        switch source {
        case .ownTime:
            let running = phase == .running ? now - segmentStart : .zero
            return (ownTimeCounted + running).timeInterval
        case .polledPlayer, .reportingPlayer:
            let reportedSoFar = phase == .running ? reported.projected(at: now) : reported.counted
            return reportedSoFar + counter.counted
        }
    }
}

extension ReportedProgressCounter {
    /// `counted`, plus what the reported speed played from the last observation to `clockTime`
    /// (not yet checked against the playhead).
    func projected(at clockTime: Duration) -> TimeInterval {
        guard let baseline else { return counted }
        return counted + state.speed * max(.zero, clockTime - baseline.clockTime).timeInterval
    }
}
