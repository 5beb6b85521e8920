import Foundation

/// Where a player's playback stands, as the player itself reports it (an `AVPlayer`: its
/// `timeControlStatus` and `rate`).
package struct PlaybackState: Sendable, Hashable {
    /// Whether the content moves.
    package enum Control: Sendable, Hashable {
        /// Paused by the viewer or the app, or ended: an overlay over it ends.
        case paused
        /// Waiting to play (buffering, a seek in progress): still playing for an overlay, but the
        /// playhead stands still.
        case waiting
        /// Playing: the playhead moves at `rate`.
        case playing
    }

    /// Whether the content moves.
    package var control: Control
    /// The speed the content plays at while `playing` (1 = normal).
    package var rate: Double

    /// A state.
    package init(_ control: Control, rate: Double = 1) {
        self.control = control
        self.rate = rate
    }

    /// Whether the content counts as playing for an overlay: buffering does, as the reference says.
    package var isPlaying: Bool { control != .paused }

    /// Content seconds per clock second: the rate while playing, 0 otherwise (and for a rate that
    /// is not a positive number).
    package var speed: Double {
        guard control == .playing, rate.isFinite, rate > 0 else { return 0 }
        return rate
    }
}

/// Where the viewer sees the content, as far as the player can tell (Picture in Picture is the
/// app's controller's, which the SDK cannot see: the players guide says so). An overlay or
/// pause ad is drawn in the app's view, on the device's screen: over content seen elsewhere it
/// would be seen by no one, so it is shown only over content seen `here` (`showsAdsOverContent`).
package enum ContentOutput: Sendable, Hashable, CaseIterable {
    /// In the app's view, on the device's screen.
    case here
    /// On another screen through AirPlay (an `AVPlayer`'s `isExternalPlaybackActive`): the app's
    /// view shows a placeholder, the viewer looks at the TV.
    case externalScreen

    /// Whether an overlay or pause ad may be shown over content seen here, and stay on screen.
    package var showsAdsOverContent: Bool {
        switch self {
        case .here: true
        case .externalScreen: false
        }
    }
}

/// A change an event-driven player reports as it happens.
package enum PlaybackEvent: Sendable, Hashable {
    /// The playback state changed (paused, waiting or playing, and at which rate).
    case stateChanged(PlaybackState)
    /// The playhead jumped (a seek): the move counts nothing.
    case timeJumped
    /// The player moved to another item, or to none.
    case itemChanged
    /// The content is now seen elsewhere, or here again (AirPlay started or stopped).
    case outputChanged(ContentOutput)
}

/// A player that reports its own state, speed, seeks and item changes as events (an `AVPlayer`,
/// through `AVPlayerAdapter`), so nothing about it is polled: an overlay over it follows these
/// events and wakes only when its duration should be reached.
@MainActor
package protocol PlaybackEventSource: AnyObject {
    /// Where playback stands now.
    var playbackState: PlaybackState { get }

    /// Where the viewer sees the content now.
    var contentOutput: ContentOutput { get }

    /// A new stream of the changes from now on, for one reader, or `nil` when the player reports
    /// none (it is then followed by polling). The stream finishes when the player is gone.
    func makePlaybackEvents() -> AsyncStream<PlaybackEvent>?
}
