import Foundation
import KontextVideoScheduling

/// What keeps a shown ad on screen, and takes it down.
@MainActor
protocol OnScreenPresentation: AnyObject {
    /// Stops timers and observation; no callback after this.
    func stop()
    /// The app went to the background (`false`) or came back.
    func applicationActivityChanged(_ active: Bool)
    /// Takes the ad off the screen and calls `completion` once it is gone.
    func takeDown(reason: VideoAdEndReason, completion: @escaping @MainActor () -> Void)
}

/// An overlay or pause ad inside the app's view: measured every half second (resize, rotation,
/// window, visibility) and, for an overlay, following the content player.
@MainActor
final class HostedPresentation: OnScreenPresentation {
    private weak var ad: VideoAd?
    private weak var view: (any VideoAdHostView)?
    private let insets: VideoAdInsets
    private let needs: CreativeSizeNeeds
    private var monitor: PresentationMonitor
    private var placement: AdPlacement
    private var monitorTask: Task<Void, Never>?
    private var follower: OverlayPlaybackFollower?

    init(ad: VideoAd, view: any VideoAdHostView, insets: VideoAdInsets, needs: CreativeSizeNeeds, placement: AdPlacement) {
        self.ad = ad
        self.view = view
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
                self?.check()
            }
        }
    }

    /// Measures the view now: relayout, or end the ad with `.interrupted`.
    func check() {
        guard let ad, !ad.hasEnded else { return }
        guard let view else {
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

extension VideoAd {
    /// An overlay's duration elapsed.
    func completeOverlay() {
        guard wasShown, !hasEnded else { return }
        markCompleted()
        end(.completed)
    }
}

/// A linear ad presented full screen by a `VideoAdPresenter`.
@MainActor
final class LinearPresentationController: OnScreenPresentation {
    private weak var ad: VideoAd?
    private let presenter: any VideoAdPresenter
    private var presentation: LinearAdPresentation!
    private var isSurfaceUp = false

    init(ad: VideoAd, presenter: any VideoAdPresenter) {
        self.ad = ad
        self.presenter = presenter
        self.presentation = LinearAdPresentation(ad: ad) { [weak self] in self?.externallyDismissed() }
    }

    func present(completion: @escaping @MainActor (Bool) -> Void) {
        presenter.presentVideoAd(presentation) { [weak self] presented in
            self?.isSurfaceUp = presented
            completion(presented)
        }
    }

    /// The surface never came up, or is already gone: taking down needs no dismissal.
    func surfaceGone() {
        isSurfaceUp = false
    }

    private func externallyDismissed() {
        guard isSurfaceUp else { return }
        isSurfaceUp = false
        ad?.end(.interrupted)
    }

    func stop() {}

    func applicationActivityChanged(_ active: Bool) {}

    func takeDown(reason: VideoAdEndReason, completion: @escaping @MainActor () -> Void) {
        guard isSurfaceUp else {
            completion()
            return
        }
        isSurfaceUp = false
        presenter.dismissVideoAd(presentation) { completion() }
    }
}
