import Foundation
import Testing
import KontextVideoPresentation
@testable import KontextVideoCreatives

/// The "never stuck" rule of `LinearPlaybackSession`, over every state it can reach: on screen,
/// with the app active and the player not playing, the viewer gets a way out — Resume, Skip once
/// available, or ✕ on the end card — within `interruptionWaitLimit` of the clock, with nothing
/// else happening. The test walks every sequence of inputs up to `depth` moves from a fresh
/// session (breadth first, a state reached twice is walked once: some 11,000 distinct states),
/// with the session's timers delivered when the clock moves to them, and checks the rule in each
/// state reached.
///
/// Beside the session it keeps what a device would know: whether the player runs (the session's
/// `play`/`pause` commands, and the player stopping by itself: `playerPaused`, an audio
/// interruption, headphones out, its end, a failure) and whether the app is active (the last
/// `applicationActive` signal).
@Suite("Linear playback session: never stuck")
struct LinearPlaybackInvariantTests {
    /// Every input the viewer, the player and the world can give, with the values that matter
    /// (Skip at 5 s: a position before it and one after). The timers' own inputs come from `wait`.
    static let inputs: [LinearPlaybackInput] = [
        .start(outputVolume: 1, appPublishesNowPlayingInfo: true), .firstFrameRendered, .mediaLength(14.5), .position(2), .position(6),
        .buffering(true), .buffering(false), .reachedEnd, .playbackFailed, .playerPaused,
        .externalPlayback(true), .externalPlayback(false),
        .tapped, .skipPressed, .closePressed, .resumePressed, .menuPressed, .playPausePressed, .remotePlay, .remotePause, .remoteTogglePlayPause,
        .signal(.applicationActive(false)), .signal(.applicationActive(true)),
        .signal(.audioInterruptionBegan), .signal(.audioInterruptionEnded(shouldResume: true)),
        .signal(.audioInterruptionEnded(shouldResume: false)), .signal(.audioOutputLost),
        .signal(.outputVolume(0)), .signal(.outputVolume(1)),
        .signal(.clickThroughOpened(.insideApp)), .signal(.clickThroughOpened(.outsideApp)), .signal(.clickThroughClosed),
    ]

    /// How many moves (inputs, or the clock moving to the next timer) a walked sequence has at most.
    static let depth = 6

    /// Inputs after which the player has stopped by itself, whatever the session says.
    static func stopsPlayer(_ input: LinearPlaybackInput) -> Bool {
        switch input {
        case .playerPaused, .reachedEnd, .playbackFailed, .signal(.audioInterruptionBegan), .signal(.audioOutputLost): true
        default: false
        }
    }

    /// The session and what the test knows around it.
    struct World {
        var session = LinearPlaybackSession(configuration: LinearPlaybackSessionTableTests.configuration)
        var now = Duration.zero
        var stallCheck: Duration?
        var interruptionCheck: Duration?
        var playerRuns = false
        var appActive = true
        /// The moves that led here, for the failure message.
        var path: [String] = []

        /// What makes two worlds the same for the walk (the path aside): the session's every stored
        /// value (the session is `Hashable`), the clock, the timers and what the device knows.
        struct Key: Hashable {
            var session: LinearPlaybackSession
            var now: Duration
            var stallCheck: Duration?
            var interruptionCheck: Duration?
            var playerRuns: Bool
            var appActive: Bool
        }

        var key: Key {
            Key(session: session, now: now, stallCheck: stallCheck, interruptionCheck: interruptionCheck,
                playerRuns: playerRuns, appActive: appActive)
        }

        mutating func take(_ input: LinearPlaybackInput) {
            if Self.isActivity(input) != nil { appActive = Self.isActivity(input)! }
            if LinearPlaybackInvariantTests.stopsPlayer(input) { playerRuns = false }
            for action in session.handle(input, now: now) {
                switch action {
                case .play: playerRuns = true
                case .pause: playerRuns = false
                case .scheduleStallCheck(let deadline): stallCheck = deadline
                case .cancelStallCheck: stallCheck = nil
                case .scheduleInterruptionCheck(let deadline): interruptionCheck = deadline
                case .report, .showControls, .showEndCard, .announceSkipAvailable, .showCaption, .showIcons, .showIconFallback,
                     .takeRemoteCommands, .releaseRemoteCommands: break
                }
            }
        }

        /// The clock moves to the next timer due no later than `limit`, which fires; `false` when none is.
        mutating func fireNextTimer(notAfter limit: Duration? = nil) -> Bool {
            let due = [stallCheck, interruptionCheck].compactMap { $0 }.min()
            guard let due, limit.map({ due <= $0 }) ?? true else { return false }
            now = max(now, due)
            if stallCheck == due {
                stallCheck = nil
                take(.stallCheckDue)
            } else {
                interruptionCheck = nil
                take(.interruptionCheckDue)
            }
            return true
        }

        private static func isActivity(_ input: LinearPlaybackInput) -> Bool? {
            if case .signal(.applicationActive(let active)) = input { active } else { nil }
        }

        /// Whether the rule holds here: when the viewer could be stuck, time alone brings a way out.
        var hasWayOut: Bool {
            guard session.phase == .video, appActive, !playerRuns else { return true }
            var later = self
            let limit = now + LinearPlaybackSession.interruptionWaitLimit
            while later.fireNextTimer(notAfter: limit) {}
            let controls = later.session.controls
            return later.session.phase == .endCard || controls.showsResume || controls.skip == .available
        }
    }

    @Test("on screen, app active, player stopped: Resume or Skip within the wait limit, after every input sequence")
    func neverStuck() {
        var seen: Set<World.Key> = []
        var frontier = [World()]
        var stuck: [String] = []
        var visited = 0
        for _ in 0..<Self.depth {
            var next: [World] = []
            for world in frontier {
                var moves: [World] = Self.inputs.map { input in
                    var after = world
                    after.take(input)
                    after.path.append("\(input)")
                    return after
                }
                var waited = world
                if waited.fireNextTimer() {
                    waited.path.append("wait to \(waited.now)")
                    moves.append(waited)
                }
                for after in moves where seen.insert(after.key).inserted {
                    visited += 1
                    if !after.hasWayOut, stuck.count < 5 { stuck.append(after.path.joined(separator: " → ")) }
                    next.append(after)
                }
            }
            frontier = next
        }
        #expect(stuck.isEmpty, "stuck after: \(stuck.joined(separator: "\n"))")
        // The walk reached the states the rule is about (a walk of nothing would pass).
        #expect(visited > 5_000, "visited \(visited) states")
    }
}
