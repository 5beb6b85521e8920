import Foundation
import KontextVideoScheduling
import KontextVideoPresentation
import KontextVideoPlayerTracking

/// An overlay or pause ad inside the app's view: measured every half second (resize, rotation,
/// window, visibility) and, for an overlay, following the content player.
@MainActor
final class HostedPresentation: OnScreenPresentation {
    private weak var ad: VideoAd?
    private weak var view: (any VideoAdHostView)?
    /// The SDK's own adapter of the app's view, kept alive while the ad is shown.
    private let adapter: (any HostViewAdapter)?
    private let insets: VideoAdInsets
    private let needs: CreativeSizeNeeds
    private var monitor: PresentationMonitor
    private var placement: AdPlacement
    private var monitorTask: Task<Void, Never>?
    private var follower: OverlayPlaybackFollower?

    init(ad: VideoAd, view: any VideoAdHostView, insets: VideoAdInsets, needs: CreativeSizeNeeds, placement: AdPlacement) {
        self.ad = ad
        self.view = view
        self.adapter = view as? any HostViewAdapter
        self.insets = insets
        self.needs = needs
        self.monitor = PresentationMonitor(needs: needs, insets: insets, placement: placement)
        self.placement = placement
    }

    /// Measures the view every `interval` on `clock`.
    func startMonitoring(clock: any SchedulingClock, interval: Duration) {
        monitorTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                guard let self else { return }
                self.check()
            }
        }
    }

    /// Measures the view now: relayout, or end the ad with `.interrupted`.
    func check() {
        guard let ad, !ad.hasEnded else { return }
        guard let view, adapter?.isWrappedViewAlive ?? true else {
            ad.end(.interrupted)
            return
        }
        switch monitor.observe(HostSnapshot(of: view)) {
        case .keep(let newPlacement):
            if newPlacement != placement {
                placement = newPlacement
                ad.renderer?.place(in: newPlacement.frame)
                view.videoAdDidPlace(newPlacement.frame)
            }
        case .interrupt:
            ad.end(.interrupted)
        }
    }

    /// Follows the content player: an overlay ends with `.interrupted` when the content stops,
    /// and completes once its duration was played (or elapsed, with no player).
    func follow(tracker: PlayerTracker, clock: any SchedulingClock, duration: TimeInterval?) {
        let follower = OverlayPlaybackFollower(
            tracker: tracker,
            clock: clock,
            duration: duration,
            onInterrupted: { [weak self] _ in self?.ad?.end(.interrupted) },
            onCompleted: { [weak self] in self?.ad?.completeOverlay() }
        )
        self.follower = follower
        follower.start()
    }

    /// The app went to the background (`false`) or came back: an overlay's duration does not
    /// count time in the background.
    func applicationActivityChanged(_ active: Bool) {
        if active { follower?.resume() } else { follower?.pause() }
    }

    func abandon() {
        stop()
        view?.videoAdDidRemove()
    }

    func stop() {
        monitorTask?.cancel()
        monitorTask = nil
        follower?.stop()
        follower = nil
    }

    func takeDown(reason: VideoAdEndReason, completion: @escaping @MainActor () -> Void) {
        stop()
        view?.videoAdDidRemove()
        completion()
    }
}
