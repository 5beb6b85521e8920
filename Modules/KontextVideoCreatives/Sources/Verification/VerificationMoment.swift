import KontextVideoModels

/// A moment of a shown ad, as the SDK knows it, that its measurement session turns into Open
/// Measurement events (`VerificationEventSequencer`). The creative's own moments come from its
/// `CreativeEvent`s (`init?(_:format:)`), buffering among them (`LinearPlaybackSession` decides
/// it from the player's word); the facade adds `shown`, `impression` and `ended`; the player's own
/// volume and its state have their moments for the player glue to feed.
package enum VerificationMoment: Sendable, Hashable {
    /// The ad is on screen (placed in its view, or its full-screen surface presented).
    case shown
    /// The ad's impression was counted (a display ad's at `show()`; a video's comes with its first frame).
    case impression
    /// A video rendered its first frame: its impression, and playback starts.
    case firstFrame
    /// The player learned the video's own length, in seconds.
    case mediaLength(Double)
    /// The video reached `position` seconds.
    case progress(Double)
    /// The video played to its end.
    case complete
    /// The viewer (or the app's life) paused the video.
    case pause
    /// The video played on after a pause.
    case resume
    /// Playback stopped to buffer.
    case bufferStart
    /// Buffering ended; playback went on.
    case bufferFinish
    /// The player's own volume is now `volume`, 0 to 1 (a player muted is 0). Not the device's
    /// output volume, which the OM SDK measures itself.
    case volume(Double)
    /// The player is now in `state`.
    case playerState(VideoAdVerificationEvent.PlayerState)
    /// The viewer clicked through (the video, or its end card).
    case click
    /// The viewer accepted an invitation of the ad (a separate experience of its own).
    case invitationAccepted
    /// The viewer tapped Skip.
    case skip
    /// Something failed: the video (`.media`) or anything else, with a message for the vendors.
    case failed(VideoAdVerificationEvent.ErrorKind, message: String)
    /// The SDK's controls drawn over the ad changed.
    case obstructionsChanged
    /// The ad left the screen, for `reason`.
    case ended(VideoAdEndReason)
}
