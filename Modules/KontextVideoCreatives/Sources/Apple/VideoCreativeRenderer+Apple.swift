// A VAST linear ad on AVPlayer (iOS and tvOS). Glue only: AVFoundation's, AVAudioSession's and
// the view's callbacks become inputs of the ad's `LinearPlayback`, whose `LinearPlaybackSession`
// decides everything — play and pause (background, audio interruptions, headphones, click-
// throughs), buffering, stalls on the injected clock, Skip and its countdown, the end card, each pixel — and
// this file applies what it asks to the player and the view. Which media file plays
// (`LinearCreativeLoader`), which end card shows (`LoadedEndCard`), how a notification's numbers
// read (`AudioSessionNotice`) and which failure code is reported (`CreativeFailure`) are portable.
//
// Callbacks from KVO, notifications and AVPlayer's time observer are `@Sendable` and may come on
// any thread: each reads the Sendable value it needs, then hops to the main actor.
#if canImport(UIKit)
import UIKit
import AVFoundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation

/// A VAST linear ad on AVPlayer, with its controls and end card.
@MainActor
final class VideoCreativeRenderer: CreativeRenderer, FriendlyObstructionReporting {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    var onFriendlyObstructionsChanged: (@MainActor () -> Void)?
    /// The controls, and the transparent layer of captions and icons over the video.
    var friendlyObstructions: [CreativeControlObstruction] {
        container.friendlyObstructions + (overlay.map { [.captionsAndIcons($0)] } ?? [])
    }
    private(set) var resolvedLinearAd: ResolvedLinearAd?
    var hasEndCard: Bool { endCard != nil }
    var platformView: PlatformView? { container }
    private(set) var errorPixelsOwed: [URL] = []

    private let ad: ServedAd
    private let context: CreativeContext
    /// Whether an end card can be a page (a web view exists), else only its image.
    private let showsPages: Bool
    private let container = PlayerContainerView()
    /// The captions and icons over the video, made once the ad's icons are known.
    private var overlay: CaptionAndIconOverlay?
    private var endCard: LoadedEndCard?
    private var player: AVPlayer?
    private var playback: LinearPlayback?
    private var readiness: CheckedContinuation<Void, any Error>?
    private var timeObserver: Any?
    private var observations: [NSKeyValueObservation] = []
    private var notificationTokens: [any NSObjectProtocol] = []
    private var isStopped = false
    /// Whether the last command given to the player was to play: a `.paused` status then is the
    /// player's own (`PlayerPauseReading`), else the session's command coming back.
    private var commandedPlay = false
    #if canImport(MediaPlayer)
    /// The ad's handlers on the system's remote commands, while the session holds them.
    private var remoteCommands: LinearAdRemoteCommands?
    #endif

    init(ad: ServedAd, context: CreativeContext, showsPages: Bool) {
        self.ad = ad
        self.context = context
        self.showsPages = showsPages
        container.texts = context.controlTexts
    }

    func load() async throws {
        let device = DeviceProfile(screenOf: DeviceFacts.gatheredFromDevice())
        let loaded = try await LinearCreativeLoader(ad: ad, context: context, device: device, showsPages: showsPages).load()
        let linear = loaded.ad
        errorPixelsOwed = loaded.errorPixels
        endCard = loaded.endCard
        // Reported as an overlay page's refused navigation is (`CreativePageBridge.navigationRefused`).
        let (events, adId) = (context.events, ad.id)
        container.onEndCardNavigationRefused = { url in
            events.record(.warning) {
                KontextVideoEvent(.state, .creativeNavigationRefused, level: .warning, attributes: [
                    "adId": adId, "url": url.map(URLRedaction.redacted) ?? "unknown",
                    "scheme": url?.scheme?.lowercased() ?? "", "surface": "end card",
                ])
            }
        }
        guard !isStopped, let url = URL(string: linear.mediaFile.url) else {
            throw CreativeFailure.mediaURLUnusable.loadError
        }
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        self.player = player
        self.resolvedLinearAd = linear
        container.playerLayer.player = player
        let playback = LinearPlayback(
            configuration: .init(
                ad: linear, hasEndCard: hasEndCard, captions: loaded.captions, drawableIcons: Set(loaded.iconImages.keys),
                opensClickTargets: context.clickInputRule.opensClickTargets),
            clock: context.clock, surface: self,
            texts: context.controlTexts)
        playback.onEvent = { [weak self] event in self?.emit(event) }
        container.onInput = { [weak playback] input in playback?.handle(input) }
        self.playback = playback
        let overlay = CaptionAndIconOverlay(
            icons: linear.icons, images: loaded.iconImages, transport: context.transport, rule: context.urlRule)
        overlay.onIconTapped = { [weak playback] index in playback?.handle(.iconTapped(index)) }
        overlay.onIconsDrawn = { [weak playback] drawn in playback?.handle(.iconsDrawn(drawn)) }
        overlay.occupiedFrames = { [weak container] in
            container?.friendlyObstructions.map(\.view.frame) ?? []
        }
        // Above the controls, under the end card (added later); it takes touches only on icons.
        container.addSubview(overlay)
        container.accessoryAccessibilityView = overlay
        self.overlay = overlay
        // Ready once the item can play: buffering starts off screen, so show() is instant.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                readiness = continuation
                observations.append(item.observe(\.status, options: [.initial, .new]) { @Sendable item, _ in
                    let status = item.status
                    Task { @MainActor [weak self] in self?.itemStatusChanged(status) }
                })
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishLoading(CancellationError()) }
        }
    }

    /// The item's status: ready or failed while loading settles the load; a failure after it is
    /// the playback's to judge (loaded and unshown, the session reports it and the ad is
    /// invalidated, so `show()` throws instead of showing a video that cannot play).
    private func itemStatusChanged(_ status: AVPlayerItem.Status) {
        switch status {
        case .readyToPlay: finishLoading(nil)
        case .failed where readiness != nil: finishLoading(CreativeFailure.mediaDidNotLoad.loadError)
        case .failed: playback?.handle(.playbackFailed)
        default: break
        }
    }

    private func finishLoading(_ error: (any Error)?) {
        guard let readiness else { return }
        self.readiness = nil
        if let error { readiness.resume(throwing: error) } else { readiness.resume() }
    }

    func place(in frame: CGRect) {
        container.frame = frame
        overlay?.frame = container.bounds
    }

    func start() {
        guard let player, let playback, !isStopped else { return }
        observations.append(container.playerLayer.observe(\.isReadyForDisplay, options: [.initial, .new]) { @Sendable layer, _ in
            guard layer.isReadyForDisplay else { return }
            Task { @MainActor [weak self] in self?.firstFrame() }
        })
        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 4), queue: .main) { @Sendable time in
            let seconds = time.seconds
            Task { @MainActor [weak self] in self?.playback?.handle(.position(seconds)) }
        }
        // Buffering is the player's `timeControlStatus`: "during playback, the value of the
        // property changes between playing and waitingToPlayAtSpecifiedRate depending on whether
        // the player has sufficient media data" (doc: /documentation/AVFoundation/AVPlayer/timeControlStatus-swift.property).
        // `.paused` is the session's own command coming back, the media's end, or the player
        // pausing by itself: `PlayerPauseReading` tells them apart, read again on the main actor.
        observations.append(player.observe(\.timeControlStatus, options: [.new]) { @Sendable player, _ in
            let status = player.timeControlStatus
            let input: LinearPlaybackInput?
            switch status {
            case .waitingToPlayAtSpecifiedRate: input = .buffering(true)
            case .playing: input = .buffering(false)
            case .paused: input = nil
            @unknown default: return
            }
            Task { @MainActor [weak self] in
                if let input { self?.playback?.handle(input) } else { self?.playerReportedPause() }
            }
        })
        #if !os(visionOS)
        // Over AirPlay the local layer never becomes ready for display: the session takes the
        // route's playback as the first frame (doc: /documentation/AVFoundation/AVPlayer/isExternalPlaybackActive;
        // the property does not exist on visionOS).
        observations.append(player.observe(\.isExternalPlaybackActive, options: [.initial, .new]) { @Sendable player, _ in
            let active = player.isExternalPlaybackActive
            Task { @MainActor [weak self] in self?.playback?.handle(.externalPlayback(active)) }
        })
        #endif
        let session = AVAudioSession.sharedInstance()
        observations.append(session.observe(\.outputVolume, options: [.new]) { @Sendable session, _ in
            let volume = session.outputVolume
            Task { @MainActor [weak self] in self?.playback?.handle(.signal(.outputVolume(volume))) }
        })
        observe(AVPlayerItem.didPlayToEndTimeNotification, of: player.currentItem) { _ in .reachedEnd }
        observe(AVPlayerItem.failedToPlayToEndTimeNotification, of: player.currentItem) { _ in .playbackFailed }
        // AVPlayer pauses by itself for both; the session decides when it plays again
        // (developer.apple.com/documentation/avfaudio/handling-audio-interruptions,
        // /avfaudio/responding-to-audio-route-changes).
        observe(AVAudioSession.interruptionNotification, of: session) { info in
            AudioSessionNotice.interruption(
                type: info?[AVAudioSessionInterruptionTypeKey] as? UInt,
                options: info?[AVAudioSessionInterruptionOptionKey] as? UInt
            ).map(LinearPlaybackInput.signal)
        }
        observe(AVAudioSession.routeChangeNotification, of: session) { info in
            AudioSessionNotice.routeChange(reason: info?[AVAudioSessionRouteChangeReasonKey] as? UInt).map(LinearPlaybackInput.signal)
        }
        // The system's closed-captioning setting (Settings > Accessibility > Subtitles & Captioning),
        // now and on each change: UIKit's `UIAccessibility.isClosedCaptioningEnabled` and its
        // `closedCaptioningStatusDidChangeNotification` (no Apple page for either is in the docs
        // corpus; learn.microsoft.com/dotnet/api/uikit.uiaccessibility.isclosedcaptioningenabled
        // mirrors the property, /documentation/Foundation/NotificationCenter/MessageIdentifier/closedCaptioningStatusDidChange
        // is the notification's iOS 26 message form). The session decides what it means.
        playback.handle(.signal(.closedCaptioningEnabled(UIAccessibility.isClosedCaptioningEnabled)))
        notificationTokens.append(NotificationCenter.default.addObserver(
            forName: UIAccessibility.closedCaptioningStatusDidChangeNotification, object: nil, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in
                self?.playback?.handle(.signal(.closedCaptioningEnabled(UIAccessibility.isClosedCaptioningEnabled)))
            }
        })
        // Read once, as the ad starts: the session decides from it whether the ad takes the
        // system's remote commands (`takeRemoteCommands()` below applies its word).
        #if canImport(MediaPlayer)
        let appPublishesNowPlayingInfo = LinearAdRemoteCommands.appPublishesNowPlayingInfo
        #else
        let appPublishesNowPlayingInfo = false
        #endif
        playback.handle(.start(outputVolume: session.outputVolume, appPublishesNowPlayingInfo: appPublishesNowPlayingInfo))
    }

    /// Hands the playback the input `translate` reads from each `name` notification of `object`
    /// (its `userInfo`, read where it is posted; nothing when it reads none).
    private func observe(_ name: NSNotification.Name, of object: Any?, _ translate: @escaping @Sendable ([AnyHashable: Any]?) -> LinearPlaybackInput?) {
        notificationTokens.append(NotificationCenter.default.addObserver(forName: name, object: object, queue: .main) { @Sendable notification in
            guard let input = translate(notification.userInfo) else { return }
            Task { @MainActor [weak self] in self?.playback?.handle(input) }
        })
    }

    /// The player says it is paused: its own pause is `.playerPaused`, read now on the main actor.
    private func playerReportedPause() {
        guard let player, let item = player.currentItem else { return }
        let reading = PlayerPauseReading.input(
            lastCommandWasPlay: commandedPlay, stillPaused: player.timeControlStatus == .paused,
            position: item.currentTime().seconds, length: item.duration.seconds)
        if let reading { playback?.handle(reading) }
    }

    /// The first frame is on screen: the media's length first (quartiles are measured against it).
    private func firstFrame() {
        playback?.handle(.mediaLength(player?.currentItem?.duration.seconds ?? .nan))
        playback?.handle(.firstFrameRendered)
    }

    /// The app's lifecycle and click-throughs, from the facade.
    func receive(_ signal: PlaybackSignal) {
        playback?.handle(.signal(signal))
    }

    func remotePressed(_ press: RemotePress) {
        container.remotePressed(press)
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }

    func stop() {
        isStopped = true
        // The session releases the remote commands it holds (`releaseRemoteCommands()`).
        playback?.stop()
        finishLoading(CancellationError())
        player?.pause()
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        timeObserver = nil
        notificationTokens.forEach(NotificationCenter.default.removeObserver)
        notificationTokens.removeAll()
        observations.forEach { $0.invalidate() }
        observations.removeAll()
        container.stopObserving()
        overlay?.stop()
        container.playerLayer.player = nil
        player = nil
        container.removeFromSuperview()
    }
}

extension VideoCreativeRenderer: LinearPlaybackSurface {
    func play() {
        commandedPlay = true
        player?.play()
    }
    func pause() {
        commandedPlay = false
        player?.pause()
    }
    func show(_ controls: LinearAdControls) {
        let shown = container.shownControls
        container.show(controls)
        // A countdown's new title is the same obstruction; a control that appears or goes is not.
        if container.shownControls != shown { onFriendlyObstructionsChanged?() }
        // The caption and icons keep clear of the controls' new frames.
        overlay?.setNeedsLayout()
    }
    func showEndCard() { container.showEndCard(endCard) }
    func showCaption(_ caption: String?) { overlay?.showCaption(caption) }
    func showIcons(_ indices: [Int]) { overlay?.showIcons(indices) }
    func showIconFallback(_ index: Int) { overlay?.showFallback(index) }
    func takeRemoteCommands() {
        #if canImport(MediaPlayer)
        guard remoteCommands == nil else { return }
        remoteCommands = LinearAdRemoteCommands { [weak self] input in self?.playback?.handle(input) }
        #endif
    }
    func releaseRemoteCommands() {
        #if canImport(MediaPlayer)
        remoteCommands?.remove()
        remoteCommands = nil
        #endif
    }
    func announce(_ announcement: String) {
        UIAccessibility.post(notification: .announcement, argument: announcement)
    }
}
#endif
