import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoPresentation

/// Every decision of a linear ad on screen, as a state machine: `handle(_:now:)` takes one
/// input and the clock's time and returns what to do, in order; it does no I/O and reads no
/// clock (in the style of swift-async-algorithms' state machines). The AVPlayer renderer and the
/// headless renderer drive the same session (through `LinearPlayback`), so a headless test sees
/// what a phone does.
///
/// **Playing or paused.** The video plays while it is on screen, not over, and nothing holds it
/// (`pauseReasons` is empty). What holds it:
///
/// | reason | added by | removed by |
/// |---|---|---|
/// | `background` | the app going to the background | the app coming back |
/// | `audioInterruption` | an audio interruption beginning (AVPlayer pauses by itself) | its end with `.shouldResume`; its end without, or the app coming back with no end heard, turn it into `awaitingViewer`; `interruptionWaitLimit` with no end turns it into `interruptionOutlasted` |
/// | `interruptionOutlasted` | the above | Resume, Play/Pause; its end (with `.shouldResume`; without, it becomes `awaitingViewer`) |
/// | `awaitingViewer` | the above; the audio route losing its device (headphones out: AVPlayer pauses) | Resume, Play/Pause |
/// | `playerPausedItself` | the player pausing with no command of the session's (`playerPaused`) | Resume, Play/Pause; an interruption's end with `.shouldResume`; the app coming back |
/// | `viewer` | Play/Pause while playing (tvOS), the system's pause command | Resume, Play/Pause |
/// | `clickThroughInsideApp` | a product sheet opened by a click | the sheet dismissed, Resume |
/// | `clickThroughOutsideApp` | a click that opened another app | the app coming back, Resume |
///
/// Resume, Play/Pause and the system's play command lift every reason the viewer can end
/// (`PauseReason.liftedByViewer`), and Resume shows whenever only such reasons hold the video.
///
/// Apple's documents behind the table: AVPlayer "automatically pauses playback in response to
/// interruption events", and an app resumes after one only when the ended notification carries
/// `.shouldResume` (developer.apple.com/documentation/avfaudio/handling-audio-interruptions,
/// /avfaudio/avaudiosession/interruptionoptions/shouldresume); "there is no guarantee that a
/// begin interruption will have a corresponding end interruption", so the app coming back to
/// the foreground counts as the viewer's to decide (Audio Session Programming Guide, Responding to
/// Interruptions). An app that stays in the foreground may hear neither (Music started from Control
/// Center, another app beside it on an iPad): after `interruptionWaitLimit` with no end the
/// interruption is the viewer's to lift too, so Resume shows. When headphones go, "playback is
/// automatically paused" and the viewer restarts it (/avfaudio/responding-to-audio-route-changes).
/// A click-through pauses the ad until the viewer is back: the product sheet's
/// `productViewControllerDidFinish(_:)` ("if your app paused any other activities before
/// presenting the store, it can restart those services in this method",
/// /storekit/skstoreproductviewcontrollerdelegate/productviewcontrollerdidfinish(_:)) or the app
/// active again.
///
/// **Never stuck.** On screen, with the app active, a video whose player does not play always
/// offers a way out within `interruptionWaitLimit` of the clock: Resume, Skip once it is
/// available, or ✕ on the end card (`LinearPlaybackInvariantTests` drives every state with every
/// input sequence up to a bounded length). A player that pauses by itself (`playerPaused`) is no
/// stall: Resume shows at once, where the stall rule would have failed it with 405.
///
/// **Remote commands and Now Playing.** The SDK never sets `MPNowPlayingInfoCenter`'s info and
/// never makes the app the Now Playing app: registering remote command handlers is part of what
/// makes an app eligible for that (developer.apple.com/documentation/mediaplayer/becoming-a-now-playable-app),
/// and the system routes the commands to the app whose Now Playing info the center holds
/// (/documentation/MediaPlayer/MPNowPlayingInfoCenter/default()). So the ad takes the system's
/// play, pause and toggle commands (`takeRemoteCommands`) only when the app published Now Playing
/// info as the ad started (`start`'s `appPublishesNowPlayingInfo`), and releases them
/// (`releaseRemoteCommands`) as its video is over — its end, Skip, a failure — before the moment
/// that ends it is reported, or when the ad is taken down (`stop()`). After the video there is no
/// item of the ad's to play or pause (a play handler plays "the current item",
/// /documentation/MediaPlayer/MPRemoteCommandCenter/playCommand), and the command runs every
/// attached handler (/documentation/MediaPlayer/MPRemoteCommand), so the app's own run without
/// the ad's answering for nothing. While it holds them, `remotePlay`, `remotePause` and
/// `remoteTogglePlayPause` pause and resume the ad as the viewer's own presses do, each pixel once
/// per real change; while it does not, they are the app's and change nothing here. The TV
/// remote's Play/Pause button (`playPausePressed`) is a press on the ad's own screen: always heard.
///
/// **Playing time.** Progress is the ad's own playing time: what the player reports while the
/// session holds it paused (the app in the background, a click-through open, an interruption)
/// counts for nothing — no progress, so no quartile — and the session pauses the player again.
/// Later positions are read less that unseen stretch. A player that reaches its end while held
/// ran out unseen: no `complete`; the ad fails (405), as a video that could not be shown. Within
/// `heldDriftTolerance` the player's last report as it stops is its own playing, not a run.
///
/// **First frame.** The layer shows the first frame (`firstFrameRendered`). On an external route
/// (`externalPlayback(true)`: AirPlay) the local layer never becomes ready for display, so the
/// first movement of the playing video there is its first frame.
///
/// **Pixels.** `pause` is reported on each change from playing to paused and `resumePlayback` on
/// each change back, once the first frame rendered (a pause before it is reported right after the
/// first frame, so every resume has its pause); `mute`/`unmute` on each change of the output
/// volume between 0 and above, measured from the volume at start. Never twice for one change.
///
/// **Buffering.** The player says when it waits for media (`buffering(true)`: AVPlayer's
/// `timeControlStatus` is `.waitingToPlayAtSpecifiedRate`, which it enters when "playback stalls
/// because the playback buffer is empty" or when it is told to play without enough media,
/// developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.enum/waitingtoplayatspecifiedrate)
/// and when it plays again (`buffering(false)`: `.playing`). The viewer sees buffering only
/// while the video should play and once its first frame is up, so `bufferStart` is reported
/// then, once (a player still waiting at its first frame gets it right after `firstFrame`), and
/// `bufferFinish` once it plays again. Whatever stops the video while it buffers — a pause of
/// any reason in the table, Skip, its end, a failure — reports `bufferFinish` first, before its
/// own moment: a paused player waits for nothing (its status is `.paused`), so the span is over,
/// and a video that buffers again once it plays on gets a new `bufferStart`. The player's word
/// heard while the video is held still is dropped for the same reason.
///
/// **Before the start.** A player that fails once loaded and before the ad is shown
/// (`playbackFailed` in `loaded`) reports `CreativeFailure.mediaDidNotLoad`: the facade then
/// invalidates the ad, so `show()` throws instead of showing a black video that stalls.
///
/// **Stall.** While it should play, a video that does not move for `stallLimit` fails with
/// `CreativeFailure.playbackFailedOnScreen` (405). The session schedules one check at the
/// deadline (last movement + limit) and moves it on when the check finds movement, so a
/// healthy video wakes the clock once per limit, not per frame. Buffering counts toward it: the
/// limit is there for a player that waits for media that never comes, which AVPlayer does
/// without end, so buffering neither stops the clock nor restarts it; only movement does (a
/// video buffering for `stallLimit` fails, `bufferFinish` then the failure).
///
/// **Controls.** Skip counts down ("Skip in N") from the start to the skip offset
/// (`SkipControlRule`), then shows, announced once to VoiceOver; an offset at or past the
/// video's end is no Skip. The badge shows the time left; Resume shows while only the viewer can
/// restart the video; ✕ shows over the end card.
///
/// **Icons.** An industry icon (AdChoices) shows on its schedule, on the ad's playing time
/// (`showIcons`); the surface answers with the ones it drew (`iconsDrawn`: placed clear of the
/// controls, image decoded). Its `IconViewTracking` (`iconShown`) fires once, the first time it is
/// shown and drawn; one never drawn is never counted, and only a drawn icon takes a tap.
package struct LinearPlaybackSession: Sendable, Hashable {
    /// What the session knows of the ad before it starts.
    package struct Configuration: Sendable, Hashable {
        /// When Skip appears; `nil` for an ad that cannot be skipped.
        package var skip: SkipControlRule?
        /// The VAST `<Duration>`, used until the player knows the media's length.
        package var declaredDuration: TimeInterval?
        /// Whether an end card follows the video.
        package var hasEndCard: Bool
        /// How long a video that should play may stand still; `nil` never stalls (a scripted
        /// video, whose position is the test's).
        package var stallLimit: Duration?
        /// The captions read from the ad's chosen `<ClosedCaptionFile>`, if any.
        package var captions: WebVTTDocument?
        /// When each of the ad's icons shows (`VASTIcon.schedule`), in the order of
        /// `ResolvedLinearAd.icons`; `nil` for one that never shows.
        package var iconSchedules: [ClosedRange<TimeInterval>?]
        /// Whether an icon's click-through can open here (`ClickInputRule.opensClickTargets`);
        /// where it cannot (tvOS), a tap shows the icon's fallback image instead (VAST 4.2
        /// `IconClickFallbackImages`).
        package var opensClickTargets: Bool

        /// A configuration from its parts.
        package init(
            skip: SkipControlRule?, declaredDuration: TimeInterval?, hasEndCard: Bool,
            stallLimit: Duration? = LinearPlaybackSession.defaultStallLimit,
            captions: WebVTTDocument? = nil, iconSchedules: [ClosedRange<TimeInterval>?] = [],
            opensClickTargets: Bool = ClickInputRule.current.opensClickTargets
        ) {
            self.skip = skip
            self.declaredDuration = declaredDuration
            self.hasEndCard = hasEndCard
            self.stallLimit = stallLimit
            self.captions = captions
            self.iconSchedules = iconSchedules
            self.opensClickTargets = opensClickTargets
        }

        /// The configuration of a resolved ad (`nil`: a creative with no VAST document, which
        /// has no Skip, duration or end card). `hasEndCard` is what the renderer can show;
        /// `drawableIcons` the icons whose image arrived (`IconFetch`): no other icon shows, so
        /// none is counted seen that nobody could see.
        package init(
            ad: ResolvedLinearAd?, hasEndCard: Bool, stallLimit: Duration? = LinearPlaybackSession.defaultStallLimit,
            captions: WebVTTDocument? = nil, drawableIcons: Set<Int> = [],
            opensClickTargets: Bool = ClickInputRule.current.opensClickTargets
        ) {
            let skip = ad.map(SkipControlRule.init)
            self.init(
                skip: skip.flatMap { $0.resolvedOffset == nil && $0.offsetSpec == nil ? nil : $0 },
                declaredDuration: ad.flatMap { $0.duration > 0 ? $0.duration : nil },
                hasEndCard: hasEndCard,
                stallLimit: stallLimit,
                captions: captions,
                iconSchedules: ad?.icons.indices.map { drawableIcons.contains($0) ? ad?.icons[$0].schedule : nil } ?? [],
                opensClickTargets: opensClickTargets)
        }
    }

    /// Where the ad is in its life on screen.
    package enum Phase: Sendable, Hashable {
        /// Loaded, not started.
        case loaded
        /// The video is on screen, playing or paused.
        case video
        /// The video is over and the end card is up.
        case endCard
        /// Over: completed without an end card, skipped, closed or failed. Nothing more happens.
        case over
    }

    /// What holds the video still.
    package enum PauseReason: Sendable, Hashable, CaseIterable {
        /// The app is in the background.
        case background
        /// An audio interruption is under way.
        case audioInterruption
        /// An audio interruption outlasted `interruptionWaitLimit` with no end heard: the viewer
        /// may restart the video; its end still does.
        case interruptionOutlasted
        /// The system paused the video and only the viewer should restart it.
        case awaitingViewer
        /// The viewer paused it (Play/Pause, the system's pause command).
        case viewer
        /// The player paused by itself while it should have played.
        case playerPausedItself
        /// A click-through sheet is up inside the app.
        case clickThroughInsideApp
        /// A click-through took the viewer to another app.
        case clickThroughOutsideApp

        /// The reasons Resume (or Play/Pause) lifts: the ones the viewer can end.
        package static let liftedByViewer: Set<PauseReason> = [
            .interruptionOutlasted, .awaitingViewer, .viewer, .playerPausedItself, .clickThroughInsideApp, .clickThroughOutsideApp,
        ]
    }

    /// What the remote's Menu button does.
    package enum MenuPress: Sendable, Hashable {
        /// Skips the ad (Skip is available): `didEnd(.skipped)`.
        case skips
        /// Closes the end card: `didEnd(.closed)`.
        case closes
        /// Nothing: before Skip is available the ad cannot be left, as on a phone; the press
        /// is still taken, so the system does not dismiss the ad's screen.
        case ignored
    }

    /// How long a video that should play may stand still before it counts as stalled.
    package static let defaultStallLimit: Duration = .seconds(8)
    /// A position must advance by more than this to count as movement (time observers repeat
    /// the same position, or jitter by a frame, while buffering).
    package static let movementThreshold: TimeInterval = 0.01
    /// How long an audio interruption may last with no end before the viewer may lift it
    /// (Resume): the bound of the "never stuck" rule. Apple gives no end to count on ("there is
    /// no guarantee that a begin interruption will have a corresponding end interruption": the
    /// Audio Session Programming Guide's Responding to Interruptions,
    /// developer.apple.com/library/content/documentation/Audio/Conceptual/AudioSessionProgrammingGuide/HandlingAudioInterruptions/HandlingAudioInterruptions.html;
    /// the notification's own page, /documentation/AVFAudio/AVAudioSession/interruptionNotification,
    /// promises an end's options only "if the interruption type is ended").
    package static let interruptionWaitLimit: Duration = .seconds(5)
    /// How far a held player may report moving as it comes to rest and still be the ad's own
    /// playing: AVPlayer's periodic observer also reports the time "whenever playback starts or
    /// stops" (/documentation/AVFoundation/AVPlayer/addPeriodicTimeObserver(forInterval:queue:using:)),
    /// up to one period (a quarter second) after the last report.
    package static let heldDriftTolerance: TimeInterval = 0.5

    /// What the session knows of the ad.
    package let configuration: Configuration
    /// Where the ad is in its life.
    package private(set) var phase = Phase.loaded
    /// What holds the video still now.
    package private(set) var pauseReasons: Set<PauseReason> = []
    /// Whether the player was last told to play.
    package private(set) var isPlaying = false
    /// The furthest position the video moved to, in seconds.
    package private(set) var position: TimeInterval = 0
    /// The media's length, once the player knew it.
    package private(set) var mediaLength: TimeInterval?
    /// The controls shown now.
    package private(set) var controls = LinearAdControls.none
    /// Whether the output is muted, as last measured; `nil` before the first measure.
    package private(set) var isMuted: Bool?
    /// Whether `bufferStart` was reported and its `bufferFinish` not yet.
    package private(set) var isBuffering = false
    /// Whether the player plays on an external route (AirPlay), as last reported.
    package private(set) var isExternalPlaybackActive = false
    /// Whether the ad holds the system's remote commands (`takeRemoteCommands` applied, its
    /// `releaseRemoteCommands` not yet).
    package private(set) var holdsRemoteCommands = false
    /// Seconds the player moved while the session held it: not the ad's playing time.
    package private(set) var unseenSeconds: TimeInterval = 0
    /// Whether the system's closed-captioning setting is on, as last signalled.
    private var isClosedCaptioningEnabled = false
    /// The caption shown now.
    package private(set) var caption: String?
    /// The icons shown now (indices in `ResolvedLinearAd.icons`), ascending: the ones their
    /// schedule shows, asked of the surface (`showIcons`).
    package private(set) var visibleIcons: [Int] = []
    /// The visible icons the surface said it draws (`iconsDrawn`): placed clear of the controls,
    /// their image decoded. Only these are seen, and take taps.
    private(set) var drawnIcons: Set<Int> = []
    /// The icons drawn at least once (their view tracking reported).
    private var viewedIcons: Set<Int> = []

    private var hasRenderedFirstFrame = false
    /// A `pause` was reported and its `resumePlayback` not yet.
    private var pauseReported = false
    private var lastMovement: Duration?
    private var lastObservedPosition: TimeInterval = -.infinity
    private var skipAnnounced = false
    /// The player said it waits for media while it was told to play, and has not played since.
    private var playerIsWaiting = false
    /// When the audio interruption under way began, on the clock.
    private var interruptionBeganAt: Duration?

    /// A session for an ad described by `configuration`.
    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// What the Menu button does in `phase` with `controls` on screen.
    package static func menuPress(phase: Phase, controls: LinearAdControls) -> MenuPress {
        switch phase {
        case .video where controls.skip == .available: .skips
        case .endCard: .closes
        case .loaded, .video, .over: .ignored
        }
    }

    /// Takes `input` at time `now` of the injected clock; returns what to do, in order.
    package mutating func handle(_ input: LinearPlaybackInput, now: Duration) -> [LinearPlaybackAction] {
        var actions: [LinearPlaybackAction] = []
        switch input {
        case .start(let volume, let appPublishesNowPlayingInfo):
            guard phase == .loaded else { break }
            phase = .video
            if let volume { isMuted = Self.isSilent(volume) }
            if appPublishesNowPlayingInfo {
                holdsRemoteCommands = true
                actions.append(.takeRemoteCommands)
            }
        case .firstFrameRendered:
            guard phase == .video else { break }
            renderFirstFrame(&actions)
        case .mediaLength(let length):
            guard phase == .video, length.isFinite, length > 0, length != mediaLength else { break }
            mediaLength = length
            actions.append(.report(.mediaLength(length)))
        case .position(let seconds):
            guard phase == .video, seconds.isFinite, seconds > lastObservedPosition + Self.movementThreshold else { break }
            let moved = seconds - max(0, lastObservedPosition)
            lastObservedPosition = seconds
            guard isPlaying else {
                // Held still, the player moved anyway: unseen, and it is paused again.
                if moved > Self.heldDriftTolerance {
                    unseenSeconds += moved
                    actions.append(.pause)
                }
                break
            }
            // On an external route the layer shows nothing: the route playing is the first frame.
            if isExternalPlaybackActive { renderFirstFrame(&actions) }
            let played = max(0, seconds - unseenSeconds)
            position = max(position, played)
            lastMovement = now
            actions.append(.report(.progress(played)))
        case .buffering(let waiting):
            // A player held still waits for nothing: its word then is stale.
            guard phase == .video, isPlaying || !waiting else { break }
            playerIsWaiting = waiting
        case .reachedEnd:
            guard phase == .video else { break }
            // Run out while the session held it (the player's own pause aside: it stops at its
            // end): the ad was not watched to its end, unless the hold came in its last instant
            // (nothing played unseen, and what is left is within the drift a stopping player reports).
            let length = mediaLength ?? configuration.declaredDuration
            let watchedToItsEnd = unseenSeconds == 0 && length.map { $0 - position <= Self.heldDriftTolerance } == true
            guard pauseReasons.subtracting([.playerPausedItself]).isEmpty || watchedToItsEnd else {
                fail(&actions)
                break
            }
            if let length { position = max(position, length) }
            leaveVideo(&actions, pausing: false)
            clearCaptionAndIcons(&actions)
            releaseRemoteCommands(&actions)
            actions.append(.report(.complete))
            if configuration.hasEndCard {
                phase = .endCard
                actions.append(.showEndCard)
                actions.append(.report(.endCardShown))
            } else {
                phase = .over
            }
        case .playbackFailed:
            switch phase {
            case .loaded:
                // Loaded, not shown: the ad is invalid (the facade makes `show()` throw).
                phase = .over
                actions.append(.report(CreativeFailure.mediaDidNotLoad.event))
            case .video: fail(&actions)
            case .endCard, .over: break
            }
        case .stallCheckDue:
            guard phase == .video, isPlaying, let limit = configuration.stallLimit else { break }
            let since = lastMovement ?? now
            if now - since >= limit {
                fail(&actions)
            } else {
                actions.append(.scheduleStallCheck(at: since + limit))
            }
        case .playerPaused:
            // The session's own pause coming back is not this input; while held it changes nothing.
            guard phase == .video, isPlaying else { break }
            pauseReasons.insert(.playerPausedItself)
        case .externalPlayback(let active):
            guard phase == .loaded || phase == .video else { break }
            isExternalPlaybackActive = active
        case .interruptionCheckDue:
            guard phase == .loaded || phase == .video, pauseReasons.contains(.audioInterruption),
                  let began = interruptionBeganAt, now - began >= Self.interruptionWaitLimit else { break }
            pauseReasons.remove(.audioInterruption)
            pauseReasons.insert(.interruptionOutlasted)
        case .tapped:
            switch phase {
            case .video: actions.append(.report(.click(.creative)))
            case .endCard: actions.append(.report(.click(.endCard)))
            case .loaded, .over: break
            }
        case .iconsDrawn(let indices):
            // What the surface drew of what it was asked: an icon the schedule hid since is not.
            guard phase == .video else { break }
            drawnIcons = indices.intersection(visibleIcons)
        case .iconTapped(let index):
            // An icon not drawn cannot be tapped on a device (its button is hidden).
            guard phase == .video, drawnIcons.contains(index) else { break }
            if !configuration.opensClickTargets { actions.append(.showIconFallback(index)) }
            actions.append(.report(.iconClick(index)))
        case .skipPressed:
            guard phase == .video, controls.skip == .available else { break }
            skip(&actions)
        case .closePressed:
            guard phase == .endCard else { break }
            close(&actions)
        case .resumePressed:
            guard phase == .video, controls.showsResume else { break }
            pauseReasons.subtract(PauseReason.liftedByViewer)
        case .menuPressed:
            switch Self.menuPress(phase: phase, controls: controls) {
            case .skips: skip(&actions)
            case .closes: close(&actions)
            case .ignored: break
            }
        case .playPausePressed:
            togglePlayPause()
        case .remotePlay:
            guard holdsRemoteCommands, phase == .video, controls.showsResume else { break }
            pauseReasons.subtract(PauseReason.liftedByViewer)
        case .remotePause:
            guard holdsRemoteCommands, phase == .video, isPlaying else { break }
            pauseReasons.insert(.viewer)
        case .remoteTogglePlayPause:
            guard holdsRemoteCommands else { break }
            togglePlayPause()
        case .signal(let signal):
            handle(signal, now: now, &actions)
        }
        reconcilePlayback(now: now, &actions)
        reconcileBuffering(&actions)
        refreshControls(&actions)
        refreshCaptionAndIcons(&actions)
        return actions
    }

    private mutating func handle(_ signal: PlaybackSignal, now: Duration, _ actions: inout [LinearPlaybackAction]) {
        // Only a video can be held or muted: the end card and an ended ad ignore the world.
        guard phase == .loaded || phase == .video else { return }
        switch signal {
        case .applicationActive(false):
            pauseReasons.insert(.background)
        case .applicationActive(true):
            pauseReasons.remove(.background)
            pauseReasons.remove(.clickThroughOutsideApp)
            // The system pauses the player of an app that leaves the foreground, maybe before
            // this signal: back in the app, the session decides again.
            pauseReasons.remove(.playerPausedItself)
            // No end of the interruption was heard: the viewer, back in the app, decides.
            if pauseReasons.remove(.audioInterruption) != nil { pauseReasons.insert(.awaitingViewer) }
        case .audioInterruptionBegan:
            guard pauseReasons.insert(.audioInterruption).inserted else { return }
            interruptionBeganAt = now
            actions.append(.scheduleInterruptionCheck(at: now + Self.interruptionWaitLimit))
        case .audioInterruptionEnded(let shouldResume):
            let under = pauseReasons.remove(.audioInterruption) != nil
            let outlasted = pauseReasons.remove(.interruptionOutlasted) != nil
            guard under || outlasted else { return }
            interruptionBeganAt = nil
            if shouldResume {
                // AVPlayer paused for the interruption: its own pause ends with it.
                pauseReasons.remove(.playerPausedItself)
            } else {
                pauseReasons.insert(.awaitingViewer)
            }
        case .audioOutputLost:
            if phase == .video { pauseReasons.insert(.awaitingViewer) }
        case .outputVolume(let volume):
            let muted = Self.isSilent(volume)
            guard let wasMuted = isMuted else {
                isMuted = muted
                return
            }
            guard muted != wasMuted else { return }
            isMuted = muted
            if phase == .video, hasRenderedFirstFrame { actions.append(.report(muted ? .mute : .unmute)) }
        case .clickThroughOpened(let kind):
            guard phase == .video else { return }
            pauseReasons.insert(kind == .insideApp ? .clickThroughInsideApp : .clickThroughOutsideApp)
        case .clickThroughClosed:
            pauseReasons.remove(.clickThroughInsideApp)
            pauseReasons.remove(.clickThroughOutsideApp)
        case .closedCaptioningEnabled(let enabled):
            isClosedCaptioningEnabled = enabled
        }
    }

    /// The first frame is up (once): reported, with the pause it owes when the video is held.
    private mutating func renderFirstFrame(_ actions: inout [LinearPlaybackAction]) {
        guard !hasRenderedFirstFrame else { return }
        hasRenderedFirstFrame = true
        actions.append(.report(.firstFrame))
        if !isPlaying {
            pauseReported = true
            actions.append(.report(.pause))
        }
    }

    /// Plays or pauses the player to match the phase and the reasons, reporting the change.
    private mutating func reconcilePlayback(now: Duration, _ actions: inout [LinearPlaybackAction]) {
        guard phase == .video else { return }
        let shouldPlay = pauseReasons.isEmpty
        if shouldPlay, !isPlaying {
            isPlaying = true
            lastMovement = now
            actions.append(.play)
            if pauseReported {
                pauseReported = false
                actions.append(.report(.resumePlayback))
            }
            if let limit = configuration.stallLimit { actions.append(.scheduleStallCheck(at: now + limit)) }
        } else if !shouldPlay, isPlaying {
            leaveVideo(&actions, pausing: true)
            if hasRenderedFirstFrame, !pauseReported {
                pauseReported = true
                actions.append(.report(.pause))
            }
        }
    }

    /// Reports `bufferStart` when the viewer starts seeing buffering, `bufferFinish` when it
    /// stops while the video plays on.
    private mutating func reconcileBuffering(_ actions: inout [LinearPlaybackAction]) {
        let buffering = phase == .video && isPlaying && hasRenderedFirstFrame && playerIsWaiting
        guard buffering != isBuffering else { return }
        isBuffering = buffering
        actions.append(.report(buffering ? .bufferStart : .bufferFinish))
    }

    /// The player stops: paused (`pausing`) or at its end; the stall check goes, and buffering
    /// under way is over (`bufferFinish`, before the moment that stopped it).
    private mutating func leaveVideo(_ actions: inout [LinearPlaybackAction], pausing: Bool) {
        guard isPlaying else { return }
        isPlaying = false
        playerIsWaiting = false
        if pausing { actions.append(.pause) }
        if configuration.stallLimit != nil { actions.append(.cancelStallCheck) }
        if isBuffering {
            isBuffering = false
            actions.append(.report(.bufferFinish))
        }
    }

    /// Play/Pause: the viewer pauses a playing video, or plays again one Resume would.
    private mutating func togglePlayPause() {
        guard phase == .video else { return }
        if isPlaying {
            pauseReasons.insert(.viewer)
        } else if controls.showsResume {
            pauseReasons.subtract(PauseReason.liftedByViewer)
        }
    }

    /// The ad is taken down (its renderer stops): the remote commands it holds go back to the app,
    /// whatever the phase. Nothing else is owed: after this the driver applies and reports nothing.
    package mutating func stop() -> [LinearPlaybackAction] {
        var actions: [LinearPlaybackAction] = []
        releaseRemoteCommands(&actions)
        return actions
    }

    private mutating func skip(_ actions: inout [LinearPlaybackAction]) {
        leaveVideo(&actions, pausing: true)
        clearCaptionAndIcons(&actions)
        releaseRemoteCommands(&actions)
        phase = .over
        actions.append(.report(.skip))
    }

    private mutating func close(_ actions: inout [LinearPlaybackAction]) {
        phase = .over
        actions.append(.report(.close))
    }

    private mutating func fail(_ actions: inout [LinearPlaybackAction]) {
        leaveVideo(&actions, pausing: true)
        clearCaptionAndIcons(&actions)
        releaseRemoteCommands(&actions)
        phase = .over
        actions.append(.report(CreativeFailure.playbackFailedOnScreen.event))
    }

    /// Updates the controls to the state; announces Skip the first time it becomes available.
    private mutating func refreshControls(_ actions: inout [LinearPlaybackAction]) {
        let next = currentControls
        guard next != controls else { return }
        controls = next
        actions.append(.showControls(next))
        if next.skip == .available, !skipAnnounced {
            skipAnnounced = true
            actions.append(.announceSkipAvailable)
        }
    }

    /// Shows the caption and the icons of the ad's playing time (`position`), from the first
    /// frame to the video's end: a held or stalled player does not move `position`, so neither
    /// moves on; the end, Skip or a failure clears both. An icon's view (`iconShown`: its
    /// `IconViewTracking`) is reported once, the first time it is both shown and drawn
    /// (`iconsDrawn`): the surface may not draw a shown icon (no room clear of Skip or the badge,
    /// an image that does not decode), and one never drawn was never seen. One drawn later (the
    /// screen turned to landscape) is reported then.
    ///
    /// Captions show when the system's closed-captioning setting is on, and when the ad plays
    /// muted (the output volume at 0): most in-feed video is watched without sound, and a muted
    /// viewer hears nothing the captions would repeat.
    private mutating func refreshCaptionAndIcons(_ actions: inout [LinearPlaybackAction]) {
        let onScreen = phase == .video && hasRenderedFirstFrame
        let wantsCaptions = isClosedCaptioningEnabled || isMuted == true
        let nextCaption = onScreen && wantsCaptions ? configuration.captions?.text(at: position) : nil
        if nextCaption != caption {
            caption = nextCaption
            actions.append(.showCaption(nextCaption))
        }
        let time = position
        let nextIcons = onScreen
            ? configuration.iconSchedules.indices.filter { index in
                configuration.iconSchedules[index].map { $0.lowerBound <= time && time < $0.upperBound } == true
            }
            : []
        if nextIcons != visibleIcons {
            visibleIcons = nextIcons
            // An icon hidden is drawn again only when the surface says so.
            drawnIcons.formIntersection(nextIcons)
            actions.append(.showIcons(nextIcons))
        }
        for index in visibleIcons where drawnIcons.contains(index) && viewedIcons.insert(index).inserted {
            actions.append(.report(.iconShown(index)))
        }
    }

    /// The video is over: its caption and icons go now, before the moment that ends it is
    /// reported (the facade may take the ad down on that report, after which nothing is applied).
    private mutating func clearCaptionAndIcons(_ actions: inout [LinearPlaybackAction]) {
        if caption != nil {
            caption = nil
            actions.append(.showCaption(nil))
        }
        drawnIcons = []
        if !visibleIcons.isEmpty {
            visibleIcons = []
            actions.append(.showIcons([]))
        }
    }

    /// The video is over (or the ad taken down): the remote commands go back to the app, before
    /// the moment that ends the video is reported.
    private mutating func releaseRemoteCommands(_ actions: inout [LinearPlaybackAction]) {
        guard holdsRemoteCommands else { return }
        holdsRemoteCommands = false
        actions.append(.releaseRemoteCommands)
    }

    /// The controls of the state now.
    private var currentControls: LinearAdControls {
        switch phase {
        case .loaded, .over:
            return .none
        case .endCard:
            return LinearAdControls(showsClose: true)
        case .video:
            let length = mediaLength ?? configuration.declaredDuration
            return LinearAdControls(
                skip: skipControl(length: length),
                showsAdBadge: true,
                secondsLeft: length.map { WireNumber.saturatingInt(max(0, $0 - position).rounded(.up)) },
                showsResume: !pauseReasons.isEmpty && pauseReasons.isSubset(of: PauseReason.liftedByViewer))
        }
    }

    private func skipControl(length: TimeInterval?) -> LinearAdControls.Skip {
        guard let rule = configuration.skip, let offset = rule.offset(mediaLength: mediaLength), offset.isFinite else { return .hidden }
        if let length, offset >= length { return .hidden }
        if rule.showsSkip(at: position, mediaLength: mediaLength) { return .available }
        // The player's numbers reach here unbounded (`WireNumber`): the conversion saturates.
        return .countdown(seconds: max(1, WireNumber.saturatingInt((offset - position).rounded(.up))))
    }

    /// Whether a volume is silence.
    private static func isSilent(_ volume: Float) -> Bool {
        !(volume > 0)
    }
}
