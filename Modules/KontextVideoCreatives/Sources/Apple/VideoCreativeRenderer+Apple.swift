// A VAST linear ad on AVPlayer. Glue only: it measures the screen, plays the media and turns
// AVFoundation's callbacks into `CreativeEvent`s. Which media file plays (`LinearCreativeLoader`),
// when Skip appears (`SkipControlRule`), when playback counts as stalled
// (`PlaybackStallDetector`, on the injected clock) and which failure code is reported
// (`CreativeFailure`) are decided in portable, tested code.
//
// Callbacks from KVO, notifications and AVPlayer's time observer are `@Sendable` and may come on
// any thread: each reads the Sendable value it needs, then hops to the main actor.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import AVFoundation
import KontextVideoVAST
import KontextVideoNetworking

/// A VAST linear ad on AVPlayer, with Skip after the skip offset and the end card after the video.
@MainActor
final class VideoCreativeRenderer: CreativeRenderer {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    private(set) var resolvedLinearAd: ResolvedLinearAd?
    var hasEndCard: Bool { resolvedLinearAd?.endCard != nil }
    var platformView: AnyObject? { container }
    private(set) var errorPixelsOwed: [URL] = []

    private let ad: ServedAd
    private let context: CreativeContext
    private let container = PlayerContainerView()
    private var stallDetector: PlaybackStallDetector
    private var player: AVPlayer?
    private var readiness: CheckedContinuation<Void, any Error>?
    private var timeObserver: Any?
    private var observations: [NSKeyValueObservation] = []
    private var notificationTokens: [any NSObjectProtocol] = []
    private var didRenderFirstFrame = false
    private var isStopped = false

    init(ad: ServedAd, context: CreativeContext) {
        self.ad = ad
        self.context = context
        self.stallDetector = PlaybackStallDetector(clock: context.clock)
    }

    func load() async throws {
        let device = DeviceProfile(screenOf: DeviceFacts.gatheredFromDevice())
        let loaded = try await LinearCreativeLoader(ad: ad, context: context, device: device).load()
        let linear = loaded.ad
        errorPixelsOwed = loaded.errorPixels
        guard !isStopped, let url = URL(string: linear.mediaFile.url) else {
            throw CreativeFailure.mediaURLUnusable.loadError
        }
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        self.player = player
        self.resolvedLinearAd = linear
        container.playerLayer.player = player
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

    private func itemStatusChanged(_ status: AVPlayerItem.Status) {
        switch status {
        case .readyToPlay:
            finishLoading(nil)
        case .failed:
            if readiness != nil {
                finishLoading(CreativeFailure.mediaDidNotLoad.loadError)
            } else {
                emit(CreativeFailure.playbackFailedOnScreen.event)
            }
        default:
            break
        }
    }

    private func finishLoading(_ error: (any Error)?) {
        guard let readiness else { return }
        self.readiness = nil
        if let error { readiness.resume(throwing: error) } else { readiness.resume() }
    }

    func place(in frame: CGRect) {
        container.frame = frame
    }

    func start() {
        guard let player, !isStopped else { return }
        container.onTap = { [weak self] in
            guard let self else { return }
            self.emit(.click(self.container.isShowingEndCard ? .endCard : .creative))
        }
        container.onSkip = { [weak self] in self?.emit(.skip) }
        container.onClose = { [weak self] in self?.emit(.close) }
        observations.append(container.playerLayer.observe(\.isReadyForDisplay, options: [.initial, .new]) { @Sendable layer, _ in
            guard layer.isReadyForDisplay else { return }
            Task { @MainActor [weak self] in self?.firstFrame() }
        })
        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 4), queue: .main) { @Sendable time in
            let seconds = time.seconds
            Task { @MainActor [weak self] in self?.progressed(to: seconds) }
        }
        let center = NotificationCenter.default
        notificationTokens.append(center.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: player.currentItem, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in self?.reachedEnd() }
        })
        notificationTokens.append(center.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: player.currentItem, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in self?.emit(CreativeFailure.playbackFailedOnScreen.event) }
        })
        notificationTokens.append(center.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { @Sendable _ in
            // AVPlayer pauses in the background; the ad picks up where it was.
            Task { @MainActor [weak self] in self?.resumeAfterForeground() }
        })
        stallDetector.restart()
        player.play()
    }

    /// The media's own length, once the player knows it.
    private var mediaLength: TimeInterval? {
        guard let seconds = player?.currentItem?.duration.seconds, seconds.isFinite, seconds > 0 else { return nil }
        return seconds
    }

    private func firstFrame() {
        guard !didRenderFirstFrame else { return }
        didRenderFirstFrame = true
        if let mediaLength { emit(.mediaLength(mediaLength)) }
        emit(.firstFrame)
    }

    private func progressed(to seconds: TimeInterval) {
        guard !isStopped, !container.isShowingEndCard, let linear = resolvedLinearAd else { return }
        // An app extension has no app state to read (`HostApplication`): its playback counts as active.
        let isActive = (HostApplication.current?.applicationState ?? .active) == .active
        let shouldMove = isActive && player?.timeControlStatus != .paused
        switch stallDetector.observe(position: seconds, shouldMove: shouldMove) {
        case .moved(let position): emit(.progress(position))
        case .still: break
        case .stalled:
            emit(CreativeFailure.playbackFailedOnScreen.event)
            return
        }
        if SkipControlRule(linear).showsSkip(at: seconds, mediaLength: mediaLength) { container.showSkip() }
    }

    private func reachedEnd() {
        emit(.complete)
        if let endCard = resolvedLinearAd?.endCard {
            container.showEndCard(CreativePage.forEndCard(endCard))
            emit(.endCardShown)
        }
    }

    private func resumeAfterForeground() {
        guard !isStopped, !container.isShowingEndCard else { return }
        stallDetector.restart()
        player?.play()
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }

    func stop() {
        isStopped = true
        finishLoading(CancellationError())
        player?.pause()
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        timeObserver = nil
        notificationTokens.forEach(NotificationCenter.default.removeObserver)
        notificationTokens.removeAll()
        observations.forEach { $0.invalidate() }
        observations.removeAll()
        container.playerLayer.player = nil
        player = nil
        container.removeFromSuperview()
    }
}
#endif
