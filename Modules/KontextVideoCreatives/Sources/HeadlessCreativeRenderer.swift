import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoPresentation

/// The renderer where there is no screen (Linux, tests, the demo): it really fetches the creative
/// from the server — the page or image of an overlay or pause ad, the VAST chain of a linear ad —
/// and only then reports ready. A linear ad then runs the same `LinearPlaybackSession` as the
/// AVPlayer renderer: Skip and its countdown, pauses for the app's background, audio
/// interruptions and click-throughs, the end card, stall detection, each pause/resume and
/// mute/unmute reported once. With `playsByItself` a simulated player plays it on the clock
/// (first frame when it first plays, progress four times a second while it plays, the end at its
/// duration); without, the player's moments come from `handle(_:)` (a scripted creative). Its
/// icons are laid out as a device lays them out (`IconLayout.drawnFrames`, on `screenSize` and
/// `screenSafeArea`, clear of the controls), and only the ones placed are drawn and counted seen.
@MainActor
package final class HeadlessCreativeRenderer: CreativeRenderer {
    /// Receives the creative's moments.
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    /// The resolved VAST ad, once a linear creative loaded.
    package var resolvedLinearAd: ResolvedLinearAd? { resolved?.ad }
    /// Whether the VAST ad has an end card a web view could show (as on iOS).
    package var hasEndCard: Bool { EndCardContent.choose(resolvedLinearAd?.endCard, showsPages: true) != nil }
    /// Error pixels the VAST walk owes for ads skipped on the way.
    package private(set) var errorPixelsOwed: [URL] = []

    /// Bytes of the fetched page or image.
    package private(set) var fetchedBytes = 0
    /// The frame it was placed at, last.
    package private(set) var frame: CGRect?

    /// A linear ad's playback, from `start()` on.
    package private(set) var playback: LinearPlayback?
    /// The controls a linear ad shows now.
    package private(set) var controls = LinearAdControls.none
    /// What was announced to VoiceOver, in order.
    package private(set) var announcements: [String] = []
    /// Whether the end card is up.
    package private(set) var isShowingEndCard = false
    /// Whether the (simulated) player is playing.
    package private(set) var isPlaying = false
    /// The system's output volume the ad starts with (0 is muted).
    package var outputVolume: Float = 1
    /// Whether the app publishes Now Playing info as the ad starts: only then does the ad take the
    /// system's remote commands. `false` by default: where there is no screen there are none (the
    /// test kit says what the publisher's app does).
    package var appPublishesNowPlayingInfo = false
    /// Whether the ad holds the system's remote commands now, as the playback last said.
    package private(set) var holdsRemoteCommands = false
    /// The caption on screen now (`nil`: none), as the playback last showed it.
    package private(set) var caption: String?
    /// The icons on screen now, as indices of the ad's icons, ascending: the ones the playback
    /// shows (`requestedIcons`) that `IconLayout.drawnFrames` placed on the screen.
    package private(set) var visibleIcons: [Int] = []
    /// The icons the playback last asked to show (their schedule), drawn or not.
    package private(set) var requestedIcons: [Int] = []
    /// The size of the linear ad's full-screen view, in points: a 390×844 portrait phone until
    /// `layOut(onScreen:safeArea:)`.
    private(set) var screenSize = CGSize(width: 390, height: 844)
    /// The safe area of that view: a phone's notch and home indicator until `layOut(onScreen:safeArea:)`.
    private(set) var screenSafeArea = VideoAdInsets(top: 47, left: 0, bottom: 34, right: 0)
    /// The icons whose fallback image the playback showed, in order (only where click targets
    /// cannot open: the platform's `ClickInputRule`, as the creative's context carries it).
    package private(set) var shownIconFallbacks: [Int] = []

    private let ad: ServedAd
    private let context: CreativeContext
    /// The resolved VAST ad, boxed: the struct is large, and most creatives (images, pages) have none.
    private var resolved: ResolvedBox?
    private let playsByItself: Bool
    private var ticking: Task<Void, Never>?
    private var simulatedPosition: TimeInterval = 0
    private var hasRenderedFirstFrame = false
    private var isStopped = false

    /// Creates the renderer of `ad`.
    package init(ad: ServedAd, context: CreativeContext, playsByItself: Bool) {
        self.ad = ad
        self.context = context
        self.playsByItself = playsByItself
    }

    /// Loads the creative; throws `CreativeLoadError`.
    package func load() async throws {
        try await loadThroughPreparation()
    }

    /// The page or image fetched (`CreativeFetch`: its bytes are the proof it loaded), or the
    /// linear creative's VAST chain walked (`LinearCreativeLoader`): all of it off the main actor;
    /// then the page's size, or the linear ad and the error pixels it owes, kept here.
    package func makePreparation() -> CreativePreparation? {
        let (ad, context) = (self.ad, self.context)
        switch ad.creative.kind {
        case .html, .image:
            return CreativePreparation { [self] in
                let bytes = try await CreativeFetch.creative(of: ad, transport: context.transport).count
                return PreparedCreative { self.fetchedBytes = bytes }
            }
        case .vast:
            return CreativePreparation { [self] in
                let loaded = try await LinearCreativeLoader(ad: ad, context: context).load()
                return PreparedCreative {
                    self.resolved = ResolvedBox(ad: loaded.ad, captions: loaded.captions, drawableIcons: Set(loaded.iconImages.keys))
                    self.errorPixelsOwed = loaded.errorPixels
                }
            }
        }
    }

    /// Notes the creative's frame.
    package func place(in frame: CGRect) {
        self.frame = frame
    }

    /// The ad is on screen: a linear ad's playback starts.
    package func start() {
        linearPlayback()?.handle(.start(outputVolume: outputVolume, appPublishesNowPlayingInfo: appPublishesNowPlayingInfo))
    }

    /// The app's lifecycle, the audio session or a click-through (heard before the start too:
    /// a video shown while the app is in the background waits for it).
    package func receive(_ signal: PlaybackSignal) {
        linearPlayback()?.handle(.signal(signal))
    }

    /// The playback of a linear ad, made the first time it is needed (once the VAST chain
    /// resolved); `nil` for another creative, or once stopped. The test kit's scripted creatives
    /// hand it the player's and the viewer's moments, as the AVPlayer renderer's glue does.
    package func linearPlayback() -> LinearPlayback? {
        guard ad.creative.kind == .vast, !isStopped else { return nil }
        if let playback { return playback }
        let configuration = LinearPlaybackSession.Configuration(
            ad: resolvedLinearAd, hasEndCard: hasEndCard,
            stallLimit: playsByItself ? LinearPlaybackSession.defaultStallLimit : nil,
            captions: resolved?.captions, drawableIcons: resolved?.drawableIcons ?? [],
            opensClickTargets: context.clickInputRule.opensClickTargets)
        let playback = LinearPlayback(configuration: configuration, clock: context.clock, surface: self, texts: context.controlTexts)
        playback.onEvent = { [weak self] event in self?.emit(event) }
        self.playback = playback
        return playback
    }

    /// The linear ad's full-screen view is now `size` with `safeArea` (a rotation, a resized
    /// window): its icons are laid out again, and the playback hears which were drawn.
    package func layOut(onScreen size: CGSize, safeArea: VideoAdInsets) {
        screenSize = size
        screenSafeArea = safeArea
        layOutIcons()
    }

    /// Tears the creative down; no event after this.
    package func stop() {
        isStopped = true
        playback?.stop()
        stopTicking()
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }

    /// The simulated player: first frame when it first plays, then a quarter second of the ad
    /// every quarter second of the clock, the end at the ad's duration.
    private func startTicking() {
        guard playsByItself, ticking == nil else { return }
        let length = max(0, resolvedLinearAd?.duration ?? 0)
        if !hasRenderedFirstFrame {
            hasRenderedFirstFrame = true
            playback?.handle(.firstFrameRendered)
        }
        let clock = context.clock
        ticking = Task { @MainActor [weak self] in
            while true {
                do { try await clock.sleep(for: .milliseconds(250)) } catch { return }
                guard let self, !Task.isCancelled, !self.tick(length: length) else { return }
            }
        }
    }

    /// Advances the simulated player a quarter second; returns whether it stopped (paused by
    /// what it reported, or at the end).
    private func tick(length: TimeInterval) -> Bool {
        if simulatedPosition < length {
            simulatedPosition = min(length, simulatedPosition + 0.25)
            playback?.handle(.position(simulatedPosition))
        }
        if Task.isCancelled { return true }
        guard simulatedPosition >= length else { return false }
        ticking = nil
        playback?.handle(.reachedEnd)
        return true
    }

    private func stopTicking() {
        ticking?.cancel()
        ticking = nil
    }
}

extension HeadlessCreativeRenderer: LinearPlaybackSurface {
    /// The simulated player plays (with `playsByItself`).
    package func play() {
        isPlaying = true
        startTicking()
    }

    /// The simulated player pauses.
    package func pause() {
        isPlaying = false
        stopTicking()
    }

    /// Notes the controls; the icons keep clear of their new frames.
    package func show(_ controls: LinearAdControls) {
        self.controls = controls
        layOutIcons()
    }

    /// Notes the end card.
    package func showEndCard() {
        isShowingEndCard = true
    }

    /// Notes the announcement.
    package func announce(_ announcement: String) {
        announcements.append(announcement)
    }

    /// Notes the caption.
    package func showCaption(_ caption: String?) {
        self.caption = caption
    }

    /// Lays the icons out and tells the playback which it drew.
    package func showIcons(_ indices: [Int]) {
        requestedIcons = indices
        layOutIcons()
    }

    /// The icons placed as a device places them (`IconLayout.drawnFrames`), clear of the controls'
    /// frames at the default text size; every image fetched counts as decoded (`IconFetch` kept
    /// only images whose header reads). The playback hears what was drawn (`iconsDrawn`).
    private func layOutIcons() {
        guard let playback, let ad = resolvedLinearAd, !(requestedIcons.isEmpty && visibleIcons.isEmpty) else { return }
        let metrics = LinearAdControlsLayout.Metrics.current
        let controlsLayout = LinearAdControlsLayout(
            size: screenSize, safeArea: screenSafeArea, controls: controls, texts: context.controlTexts, metrics: metrics)
        let frames = IconLayout.drawnFrames(
            placements: ad.icons.map(\.placement), visible: requestedIcons, decoded: resolved?.drawableIcons ?? [],
            size: screenSize, safeArea: screenSafeArea,
            occupied: controls.accessibilityOrder.compactMap { controlsLayout.frame(of: $0) }, margin: metrics.margin)
        visibleIcons = frames.keys.sorted()
        playback.handle(.iconsDrawn(Set(frames.keys)))
    }

    /// Notes the icon whose fallback image shows (the session asks for one only where click
    /// targets cannot open).
    package func showIconFallback(_ index: Int) {
        shownIconFallbacks.append(index)
    }

    /// Notes that the ad holds the remote commands (the test kit's remote commands reach it).
    package func takeRemoteCommands() {
        holdsRemoteCommands = true
    }

    /// Notes that the remote commands are the app's again.
    package func releaseRemoteCommands() {
        holdsRemoteCommands = false
    }
}

/// A resolved VAST ad held by reference (see `HeadlessCreativeRenderer.resolved`).
private final class ResolvedBox {
    let ad: ResolvedLinearAd
    /// Its captions, read while it loaded.
    let captions: WebVTTDocument?
    /// The icons whose image arrived while it loaded (`IconFetch`): the only ones that show.
    let drawableIcons: Set<Int>
    init(ad: ResolvedLinearAd, captions: WebVTTDocument?, drawableIcons: Set<Int>) {
        self.ad = ad
        self.captions = captions
        self.drawableIcons = drawableIcons
    }
}
