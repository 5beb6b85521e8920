/// One moment of an ad's measurement session, in the order the Open Measurement SDK expects it.
/// Each case names the OM SDK call it stands for (OM SDK for iOS 1.5, `OMIDAdSession`,
/// `OMIDAdEvents`, `OMIDMediaEvents`).
///
/// A session is `sessionStart`, `loaded`, `impression`, then for a linear ad the media events
/// (`start`, the quartiles in order, `complete` or `skipped`, and between them pauses, buffering,
/// volume, player state and clicks), and always ends with `sessionFinish`. An overlay or pause ad
/// (a display ad) gets `sessionStart`, `loaded(nil)`, `impression`, an `error` if it fails, and
/// `sessionFinish`: no media event.
///
/// ```swift
/// switch event {
/// case .impression: try? adEvents?.impressionOccurred()
/// case .start(let duration, let volume):
///     mediaEvents?.start(withDuration: duration, mediaPlayerVolume: volume)
/// case .sessionFinish: adSession?.finish()
/// default: break
/// }
/// ```
public enum VideoAdVerificationEvent: Sendable, Hashable, CustomStringConvertible {
    /// The ad is on screen: create and start the measurement session (`OMIDAdSession.start()`),
    /// registering the session's friendly obstructions first. Always the first event, once.
    case sessionStart
    /// The ad is loaded and ready to play (`OMIDAdEvents.loaded(with:)` with the video's VAST
    /// properties); `nil` for a display ad (`OMIDAdEvents.loaded()`). Once, right after `sessionStart`.
    case loaded(MediaProperties?)
    /// The impression (`OMIDAdEvents.impressionOccurred()`): a display ad on screen, a video's
    /// first frame. Once, after `loaded`.
    case impression
    /// The video started playing (`OMIDMediaEvents.start(withDuration:mediaPlayerVolume:)`):
    /// its duration in seconds and the player's volume, 0 to 1. Once, right after `impression`.
    case start(duration: Double, volume: Double)
    /// Playback reached 25 % (`firstQuartile()`). Once, after `start`.
    case firstQuartile
    /// Playback reached 50 % (`midpoint()`). Once, after `firstQuartile`.
    case midpoint
    /// Playback reached 75 % (`thirdQuartile()`). Once, after `midpoint`.
    case thirdQuartile
    /// The video played to its end (`complete()`). Once, after `thirdQuartile`; no `skipped` then.
    case complete
    /// The viewer paused the video (`pause()`); a `resume` follows before playback goes on.
    case pause
    /// Playback went on after a `pause` (`resume()`).
    case resume
    /// Playback stopped to buffer (`bufferStart()`).
    case bufferStart
    /// Buffering ended and playback went on (`bufferFinish()`).
    case bufferFinish
    /// Playback stopped before its end: the viewer's Skip, or any other early end of a playing
    /// video (`skipped()`, which the OM SDK's guide asks for "any early termination of playback").
    /// Once; no media event follows.
    case skipped
    /// The player's own volume changed, 0 to 1 (`volumeChange(to:)`); a muted player is 0. Not
    /// the device's output volume, which the OM SDK measures itself.
    case volumeChange(Double)
    /// The player's state changed (`playerStateChange(to:)`); a linear ad, shown full screen,
    /// reports `.fullscreen` right after `start`.
    case playerStateChange(PlayerState)
    /// The viewer interacted with the ad (`adUserInteraction(withType:)`): a click-through, or
    /// accepting an invitation.
    case userInteraction(Interaction)
    /// Something failed (`OMIDAdSession.logError(withType:message:)`): the video (`.media`) or
    /// anything else (`.generic`), with a message for the vendors.
    case error(ErrorKind, message: String)
    /// The SDK's controls drawn over the ad changed (Skip appeared): register the session's
    /// friendly obstructions again (the OM SDK ignores a view it already has).
    case friendlyObstructionsChanged
    /// The ad left the screen (`OMIDAdSession.finish()`). Always the last event, once.
    case sessionFinish

    /// The static facts of a video ad, for `loaded` (`OMIDVASTProperties`).
    public struct MediaProperties: Sendable, Hashable {
        /// Whether the viewer can skip the video.
        public var isSkippable: Bool
        /// When Skip appears, in seconds of the video; `nil` when it cannot be skipped, or when
        /// its offset is a percentage of a length the player does not know yet.
        public var skipOffset: Double?
        /// Whether the video plays without the viewer starting it (the SDK's linear ads do).
        public var isAutoplay: Bool
        /// Where the ad plays relative to the content.
        public var position: Position

        /// Creates the properties.
        /// - Parameters:
        ///   - isSkippable: Whether the video can be skipped.
        ///   - skipOffset: When Skip appears, in seconds.
        ///   - isAutoplay: Whether the video plays by itself.
        ///   - position: Where the ad plays relative to the content.
        public init(isSkippable: Bool, skipOffset: Double?, isAutoplay: Bool, position: Position) {
            self.isSkippable = isSkippable
            self.skipOffset = skipOffset
            self.isAutoplay = isAutoplay
            self.position = position
        }
    }

    /// Where a video ad plays relative to the content (`OMIDPosition`).
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// Before the content.
        case preroll
        /// In the middle of the content.
        case midroll
        /// After the content.
        case postroll
        /// Independently of any content.
        case standalone
    }

    /// The state of the player showing a video ad (`OMIDPlayerState`).
    public enum PlayerState: String, Sendable, Hashable, CaseIterable {
        /// Collapsed so that the video is hidden.
        case minimized
        /// Reduced from its original size; the video may still be visible.
        case collapsed
        /// The player's default size.
        case normal
        /// Expanded from its original size.
        case expanded
        /// Full screen.
        case fullscreen
    }

    /// What the viewer did (`OMIDInteractionType`).
    public enum Interaction: String, Sendable, Hashable, CaseIterable {
        /// A click that loads the ad's landing page.
        case click
        /// The viewer engaged with the ad to load a separate experience.
        case invitationAccept
    }

    /// What failed (`OMIDErrorType`).
    public enum ErrorKind: String, Sendable, Hashable, CaseIterable {
        /// Anything but the media: the ad could not be presented.
        case generic
        /// The video: it failed or stalled.
        case media
    }

    /// Whether the event is one of `OMIDMediaEvents` (a video ad's), as opposed to the session's
    /// and the ad's own.
    public var isMediaEvent: Bool {
        switch self {
        case .start, .firstQuartile, .midpoint, .thirdQuartile, .complete, .pause, .resume, .bufferStart,
             .bufferFinish, .skipped, .volumeChange, .playerStateChange, .userInteraction:
            true
        case .sessionStart, .loaded, .impression, .error, .friendlyObstructionsChanged, .sessionFinish:
            false
        }
    }

    /// The event as one short line, such as `start(duration: 15.0, volume: 1.0)`.
    public var description: String {
        switch self {
        case .sessionStart: "sessionStart"
        case .loaded(let properties?):
            "loaded(\(properties.isSkippable ? "skippable at \(properties.skipOffset.map { "\($0)" } ?? "?") s" : "not skippable"), "
                + "\(properties.isAutoplay ? "autoplay" : "click to play"), \(properties.position.rawValue))"
        case .loaded(nil): "loaded"
        case .impression: "impression"
        case .start(let duration, let volume): "start(duration: \(duration), volume: \(volume))"
        case .firstQuartile: "firstQuartile"
        case .midpoint: "midpoint"
        case .thirdQuartile: "thirdQuartile"
        case .complete: "complete"
        case .pause: "pause"
        case .resume: "resume"
        case .bufferStart: "bufferStart"
        case .bufferFinish: "bufferFinish"
        case .skipped: "skipped"
        case .volumeChange(let volume): "volumeChange(\(volume))"
        case .playerStateChange(let state): "playerStateChange(\(state.rawValue))"
        case .userInteraction(let interaction): "userInteraction(\(interaction.rawValue))"
        case .error(let kind, let message): "error(\(kind.rawValue), \(message))"
        case .friendlyObstructionsChanged: "friendlyObstructionsChanged"
        case .sessionFinish: "sessionFinish"
        }
    }
}
