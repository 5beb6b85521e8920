import Foundation
import KontextVideoPresentation

/// Everything that can happen to a linear ad on screen, as `LinearPlaybackSession` hears it:
/// what its player reports, what the viewer presses, and what the world around it signals.
package enum LinearPlaybackInput: Sendable, Hashable {
    // The player.

    /// The ad is on screen: playback may start. `outputVolume` is the system's volume now
    /// (the baseline of mute and unmute), `nil` where there is none. `appPublishesNowPlayingInfo`
    /// is whether the app publishes Now Playing info now (`MPNowPlayingInfoCenter.default()
    /// .nowPlayingInfo != nil`; the test kit's `publishesNowPlayingInfo`): only then does the
    /// system route its remote commands to the app, and the ad take them (`takeRemoteCommands`).
    case start(outputVolume: Float?, appPublishesNowPlayingInfo: Bool)
    /// The video rendered its first frame.
    case firstFrameRendered
    /// The player learned the media's own length, in seconds.
    case mediaLength(TimeInterval)
    /// The player is at this position, in seconds of the ad.
    case position(TimeInterval)
    /// The player is waiting for media to play (`true`: AVPlayer's `timeControlStatus` is
    /// `.waitingToPlayAtSpecifiedRate`) or plays again (`false`: `.playing`). The session
    /// decides whether it is buffering the viewer sees.
    case buffering(Bool)
    /// The video played to its end.
    case reachedEnd
    /// The media failed while on screen.
    case playbackFailed
    /// The stall check the session scheduled is due.
    case stallCheckDue
    /// The player paused by itself while the session had it play: AVPlayer's `timeControlStatus`
    /// became `.paused` with no pause command of the session's pending (the platform glue tells
    /// the two apart; the session's own pause coming back is not this input).
    case playerPaused
    /// The player plays on an external route (`true`: AVPlayer's `isExternalPlaybackActive`, as
    /// over AirPlay) or on this device again (`false`). On an external route the local layer never
    /// shows a frame, so the first frame is the route's playback starting.
    case externalPlayback(Bool)
    /// The wait the session scheduled for an audio interruption without an end is over.
    case interruptionCheckDue

    // The viewer.

    /// A tap on the video or the end card.
    case tapped
    /// Skip was pressed.
    case skipPressed
    /// ✕ was pressed.
    case closePressed
    /// Resume was pressed.
    case resumePressed
    /// An industry icon (AdChoices) was tapped: its index in `ResolvedLinearAd.icons`.
    case iconTapped(Int)
    /// The remote's Menu (Back) button was pressed (tvOS).
    case menuPressed
    /// The remote's Play/Pause button was pressed (tvOS: a press on the focused screen, the ad's
    /// own, so it always reaches the ad).
    case playPausePressed
    /// The system's play remote command arrived (`MPRemoteCommandCenter.playCommand`: the Lock
    /// Screen, Control Center, a headset): plays the video again where Resume would. Heard only
    /// while the ad holds the remote commands (`takeRemoteCommands`); else the command is the app's.
    case remotePlay
    /// The system's pause remote command arrived (`MPRemoteCommandCenter.pauseCommand`): pauses
    /// the video as the viewer's own pause. Heard only while the ad holds the remote commands.
    case remotePause
    /// The system's toggle play/pause remote command arrived
    /// (`MPRemoteCommandCenter.togglePlayPauseCommand`): as `playPausePressed`, but heard only
    /// while the ad holds the remote commands.
    case remoteTogglePlayPause

    // The surface.

    /// The icons the surface draws now (indices in `ResolvedLinearAd.icons`), each time it lays
    /// out the icons `showIcons` asked for (shown, resized or rotated, the controls changed): an
    /// icon is drawn once `IconLayout.drawnFrames` placed it clear of the controls and its image
    /// decoded. An icon's view (`iconShown`) counts only once it is drawn.
    case iconsDrawn(Set<Int>)

    // The world around the player.

    /// A signal of the app, the audio session or a click-through.
    case signal(PlaybackSignal)
}

/// What `LinearPlaybackSession` asks its driver to do, in order.
package enum LinearPlaybackAction: Sendable, Equatable {
    /// Start or continue the player.
    case play
    /// Pause the player.
    case pause
    /// Tell the SDK a moment of the creative (tracking, the delegate, the ad's end).
    case report(CreativeEvent)
    /// Show these controls (they changed).
    case showControls(LinearAdControls)
    /// Show the end card over the last frame.
    case showEndCard
    /// Announce to VoiceOver that Skip is available.
    case announceSkipAvailable
    /// Deliver `stallCheckDue` when the clock reaches this instant (replacing any earlier one).
    case scheduleStallCheck(at: Duration)
    /// Drop the scheduled stall check.
    case cancelStallCheck
    /// Deliver `interruptionCheckDue` when the clock reaches this instant (replacing any earlier
    /// one).
    case scheduleInterruptionCheck(at: Duration)
    /// Show this caption (`nil`: none) over the video, laid out by `CaptionLayout`.
    case showCaption(String?)
    /// Show exactly these icons (indices in `ResolvedLinearAd.icons`), laid out by `IconLayout`;
    /// an icon's fallback image goes with it. The surface answers with `iconsDrawn`.
    case showIcons([Int])
    /// Show the fallback image of this icon (its click-through cannot open here), until the
    /// icon goes.
    case showIconFallback(Int)
    /// Add the ad's handlers to the system's play, pause and toggle play/pause remote commands
    /// (`MPRemoteCommandCenter`); they hand the session `remotePlay`, `remotePause` and
    /// `remoteTogglePlayPause`.
    case takeRemoteCommands
    /// Remove the handlers `takeRemoteCommands` added: the commands are the app's alone again.
    case releaseRemoteCommands
}
