import Foundation
import KontextVideoScheduling
import KontextVideoPresentation

/// What shows a linear ad: the AVPlayer renderer's player and views, or the headless renderer's
/// simulated player. It does what `LinearPlayback` tells it and decides nothing.
@MainActor
package protocol LinearPlaybackSurface: AnyObject {
    /// Starts or continues the video.
    func play()
    /// Pauses the video.
    func pause()
    /// Shows `controls` (laid out by `LinearAdControlsLayout`, titled by `AdControlTexts`).
    func show(_ controls: LinearAdControls)
    /// Shows the end card over the video.
    func showEndCard()
    /// Speaks `announcement` to VoiceOver.
    func announce(_ announcement: String)
    /// Shows `caption` over the video (`nil`: none), laid out by `CaptionLayout`.
    func showCaption(_ caption: String?)
    /// Shows exactly the icons at `indices` of `ResolvedLinearAd.icons`, laid out by
    /// `IconLayout.drawnFrames`; each time it lays them out (now, and on a resize, a rotation or
    /// new controls) it hands the playback `iconsDrawn` with the ones it drew: an icon's view is
    /// counted only then.
    func showIcons(_ indices: [Int])
    /// Shows the fallback image of the icon at `index` (VAST 4.2 `IconClickFallbackImages`), until
    /// the icon goes.
    func showIconFallback(_ index: Int)
    /// Adds the ad's handlers to the system's play, pause and toggle play/pause remote commands;
    /// they hand the playback `remotePlay`, `remotePause` and `remoteTogglePlayPause`.
    func takeRemoteCommands()
    /// Removes the handlers `takeRemoteCommands()` added.
    func releaseRemoteCommands()
}

/// Drives one `LinearPlaybackSession`: feeds it inputs with the injected clock's time, applies
/// its actions to the surface, reports its moments through `onEvent`, and runs its one timer
/// (the stall check) on the clock. Inputs that arrive while actions are being applied (a surface
/// reporting a frame as it starts playing, a delegate opening a click-through) are queued and
/// taken in order. Its timers — the stall check, and the wait for an audio interruption's end —
/// run on the injected clock. After `stop()` nothing is applied or reported.
@MainActor
package final class LinearPlayback {
    /// Receives the creative's moments.
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    /// The session, as it stands.
    package private(set) var session: LinearPlaybackSession
    private weak var surface: (any LinearPlaybackSurface)?
    private let clock: any SchedulingClock
    private let texts: AdControlTexts
    private var stallCheck: Task<Void, Never>?
    private var interruptionCheck: Task<Void, Never>?
    private var queued: [LinearPlaybackInput] = []
    private var isHandling = false
    private var isStopped = false

    /// Drives a session of `configuration` on `clock`, showing it on `surface`.
    package init(configuration: LinearPlaybackSession.Configuration, clock: any SchedulingClock, surface: any LinearPlaybackSurface, texts: AdControlTexts = .standard) {
        self.session = LinearPlaybackSession(configuration: configuration)
        self.clock = clock
        self.surface = surface
        self.texts = texts
    }

    /// Takes one input now.
    package func handle(_ input: LinearPlaybackInput) {
        guard !isStopped else { return }
        queued.append(input)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        while !queued.isEmpty, !isStopped {
            let next = queued.removeFirst()
            for action in session.handle(next, now: clock.now) {
                guard !isStopped else { return }
                apply(action)
            }
        }
    }

    /// Stops: the remote commands the ad holds go back to the app, the timers go, then nothing
    /// more is applied or reported.
    package func stop() {
        guard !isStopped else { return }
        for action in session.stop() { apply(action) }
        isStopped = true
        queued.removeAll()
        stallCheck?.cancel()
        stallCheck = nil
        interruptionCheck?.cancel()
        interruptionCheck = nil
    }

    private func apply(_ action: LinearPlaybackAction) {
        switch action {
        case .play: surface?.play()
        case .pause: surface?.pause()
        case .report(let event): onEvent?(event)
        case .showControls(let controls): surface?.show(controls)
        case .showEndCard: surface?.showEndCard()
        case .announceSkipAvailable: surface?.announce(texts.skipAvailableAnnouncement)
        case .scheduleStallCheck(let deadline):
            stallCheck?.cancel()
            stallCheck = deliver(.stallCheckDue, at: deadline)
        case .cancelStallCheck:
            stallCheck?.cancel()
            stallCheck = nil
        case .scheduleInterruptionCheck(let deadline):
            interruptionCheck?.cancel()
            interruptionCheck = deliver(.interruptionCheckDue, at: deadline)
        case .showCaption(let caption): surface?.showCaption(caption)
        case .showIcons(let indices): surface?.showIcons(indices)
        case .showIconFallback(let index): surface?.showIconFallback(index)
        case .takeRemoteCommands: surface?.takeRemoteCommands()
        case .releaseRemoteCommands: surface?.releaseRemoteCommands()
        }
    }

    /// A timer that hands the session `input` when the clock reaches `deadline`.
    private func deliver(_ input: LinearPlaybackInput, at deadline: Duration) -> Task<Void, Never> {
        let clock = self.clock
        return Task { @MainActor [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            self?.handle(input)
        }
    }
}
