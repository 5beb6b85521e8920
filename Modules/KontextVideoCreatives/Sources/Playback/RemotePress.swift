/// A button of a TV remote (or game controller) that a linear ad answers: what
/// `LinearPlaybackSession` hears when it is pressed. The platform translates its presses into
/// these; every other button keeps its usual meaning (focus moves, Select presses the control).
package enum RemotePress: Sendable, Hashable, CaseIterable {
    /// Menu (Back): skips once Skip shows, closes the end card, else nothing (the press is taken,
    /// so the ad's screen is not dismissed under it).
    case menu
    /// Play/Pause: pauses the video, or plays it again.
    case playPause

    /// What the session hears.
    package var input: LinearPlaybackInput {
        switch self {
        case .menu: .menuPressed
        case .playPause: .playPausePressed
        }
    }
}
