import KontextVideoModels

/// Turns a shown ad's moments into its Open Measurement events, in the order the OM SDK expects
/// (its iOS guide, "Native Video" and "Native Display": start the session, signal loaded, then the
/// impression "right before the ad has started to play", then start, the quartiles, and finish on
/// "completion or termination of ad playback"). Pure: it returns the events to deliver.
///
/// The rules it keeps, whatever order the moments come in:
/// - nothing before `shown`, which gives `sessionStart` then `loaded`; nothing after `ended`,
///   which gives `sessionFinish` (once, last);
/// - `impression` once, after `loaded`; a video's at its first frame, with `start` right after it
///   (then `playerStateChange` when the player is not in its normal state, as a full-screen
///   linear ad is not);
/// - the quartiles once each, in order, only after `start`; `complete` only after all three (those
///   a last progress tick missed are owed first); `complete` or `skipped`, never both, then no
///   media event but the end card's clicks;
/// - `pause`/`resume` and `bufferStart`/`bufferFinish` alternate; a volume change or a player
///   state only when it changes;
/// - a video still playing when the ad ends for any reason but a failure is `skipped` first (the
///   OM SDK guide: `skipped` for "any early termination of playback");
/// - an ad that fails gets one `error` (a display ad too: it is the session's, not a media event);
/// - a display ad (overlay, pause) gets no media event at all.
package struct VerificationEventSequencer: Sendable {
    /// A video ad (with its VAST properties) or a display ad.
    package enum Kind: Sendable, Hashable {
        /// A linear ad: `loaded` carries `properties`; quartiles use the media's length once the
        /// player reports it, else `declaredDuration`.
        case video(VideoAdVerificationEvent.MediaProperties, declaredDuration: Double?)
        /// An overlay or pause ad.
        case display
    }

    private enum Phase: Sendable {
        case waiting, open, finished
    }

    /// Whether the video is playing, done, or was cut short.
    private enum Media: Sendable {
        case notStarted, playing, completed, skipped
    }

    /// A video ad or a display ad.
    package let kind: Kind
    private var phase = Phase.waiting
    private var media = Media.notStarted
    private var impressionSent = false
    private var quartilesSent = 0
    private var errorSent = false
    private var isPaused = false
    private var isBuffering = false
    private var volume: Double
    private var playerState: VideoAdVerificationEvent.PlayerState
    private var position = 0.0
    private var mediaLength: Double?

    /// A sequencer for one ad. `volume` is the player's at the start (0 to 1); `playerState` the
    /// player's state when it starts (`.fullscreen` for a linear ad, which the SDK presents full screen).
    package init(kind: Kind, volume: Double = 1, playerState: VideoAdVerificationEvent.PlayerState = .normal) {
        self.kind = kind
        self.volume = Self.clamped(volume)
        self.playerState = playerState
    }

    /// Whether `sessionFinish` was returned.
    package var isFinished: Bool { phase == .finished }

    /// The events `moment` calls for, in order; none when it breaks the rules above.
    package mutating func handle(_ moment: VerificationMoment) -> [VideoAdVerificationEvent] {
        if case .shown = moment {
            guard phase == .waiting else { return [] }
            phase = .open
            return [.sessionStart, .loaded(properties)]
        }
        guard phase == .open else { return [] }
        switch moment {
        case .shown:
            return []
        case .impression:
            return impression()
        case .firstFrame:
            guard isVideo, media == .notStarted else { return [] }
            media = .playing
            var events = impression()
            events.append(.start(duration: effectiveDuration ?? 0, volume: volume))
            if playerState != .normal { events.append(.playerStateChange(playerState)) }
            return events + quartiles()
        case .mediaLength(let length):
            if length.isFinite, length > 0 { mediaLength = length }
            return media == .playing ? quartiles() : []
        case .progress(let seconds):
            guard media == .playing, seconds.isFinite else { return [] }
            position = max(position, seconds)
            return quartiles()
        case .complete:
            guard media == .playing else { return [] }
            media = .completed
            return quartiles(all: true) + [.complete]
        case .pause:
            guard media == .playing, !isPaused else { return [] }
            isPaused = true
            return [.pause]
        case .resume:
            guard media == .playing, isPaused else { return [] }
            isPaused = false
            return [.resume]
        case .bufferStart:
            guard media == .playing, !isBuffering else { return [] }
            isBuffering = true
            return [.bufferStart]
        case .bufferFinish:
            guard media == .playing, isBuffering else { return [] }
            isBuffering = false
            return [.bufferFinish]
        case .volume(let newVolume):
            let clamped = Self.clamped(newVolume)
            guard clamped != volume else { return [] }
            volume = clamped
            return media == .playing ? [.volumeChange(clamped)] : []
        case .playerState(let state):
            guard state != playerState else { return [] }
            playerState = state
            return media == .playing ? [.playerStateChange(state)] : []
        case .click:
            return interaction(.click)
        case .invitationAccepted:
            return interaction(.invitationAccept)
        case .skip:
            guard media == .playing else { return [] }
            media = .skipped
            return [.skipped]
        case .failed(let kind, let message):
            guard !errorSent else { return [] }
            errorSent = true
            return [.error(kind, message: message)]
        case .obstructionsChanged:
            return [.friendlyObstructionsChanged]
        case .ended(let reason):
            var events: [VideoAdVerificationEvent] = []
            if reason == .failed {
                if !errorSent {
                    errorSent = true
                    events.append(.error(.generic, message: "The ad failed before it could play."))
                }
            } else if media == .playing {
                media = .skipped
                events.append(.skipped)
            }
            phase = .finished
            return events + [.sessionFinish]
        }
    }

    // MARK: Helpers

    private var isVideo: Bool {
        if case .video = kind { true } else { false }
    }

    private var properties: VideoAdVerificationEvent.MediaProperties? {
        if case .video(let properties, _) = kind { properties } else { nil }
    }

    /// The length quartiles are measured against: the media's own, else the declared one.
    private var effectiveDuration: Double? {
        if let mediaLength { return mediaLength }
        if case .video(_, let declared?) = kind, declared.isFinite, declared > 0 { return declared }
        return nil
    }

    private mutating func impression() -> [VideoAdVerificationEvent] {
        guard !impressionSent else { return [] }
        impressionSent = true
        return [.impression]
    }

    /// The quartiles reached (all three with `all`) and not yet sent, in order.
    private mutating func quartiles(all: Bool = false) -> [VideoAdVerificationEvent] {
        let names: [VideoAdVerificationEvent] = [.firstQuartile, .midpoint, .thirdQuartile]
        var events: [VideoAdVerificationEvent] = []
        while quartilesSent < names.count {
            let fraction = Double(quartilesSent + 1) * 0.25
            guard all || effectiveDuration.map({ position >= $0 * fraction }) == true else { break }
            events.append(names[quartilesSent])
            quartilesSent += 1
        }
        return events
    }

    /// A click or an accepted invitation: a video's, while it plays or on its end card.
    private func interaction(_ interaction: VideoAdVerificationEvent.Interaction) -> [VideoAdVerificationEvent] {
        guard media == .playing || media == .completed else { return [] }
        return [.userInteraction(interaction)]
    }

    private static func clamped(_ volume: Double) -> Double {
        volume.isFinite ? min(max(volume, 0), 1) : 1
    }
}
