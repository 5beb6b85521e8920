import Foundation

/// How the platform glue reads a player that reports it is paused (AVPlayer's `timeControlStatus`
/// becoming `.paused`): the session's own pause coming back, the player stopping at the media's
/// end (its end notification follows), or the player pausing by itself — an interruption, the
/// system, a route, a media problem — which is `LinearPlaybackInput.playerPaused`. The glue
/// remembers the last command it gave the player, and reads the player again on the main actor
/// (the observation hops there), so a pause it commanded, or one already undone by a later play,
/// is never taken for the player's own.
package enum PlayerPauseReading {
    /// A position this close to the media's length is its end.
    package static let endTolerance: TimeInterval = 0.1

    /// The input a reported pause is, or `nil` when it is none.
    /// - Parameters:
    ///   - lastCommandWasPlay: whether the last command the glue gave the player was to play.
    ///   - stillPaused: whether the player is still paused now, on the main actor.
    ///   - position: the player's position now, in seconds.
    ///   - length: the media's length, in seconds (not finite while unknown).
    package static func input(lastCommandWasPlay: Bool, stillPaused: Bool, position: TimeInterval, length: TimeInterval) -> LinearPlaybackInput? {
        guard lastCommandWasPlay, stillPaused else { return nil }
        if length.isFinite, length > 0, position.isFinite, position >= length - endTolerance { return nil }
        return .playerPaused
    }
}
