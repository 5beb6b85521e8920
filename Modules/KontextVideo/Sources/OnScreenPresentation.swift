import Foundation
import KontextVideoScheduling

/// What keeps a shown ad on screen, and takes it down.
@MainActor
protocol OnScreenPresentation: AnyObject {
    /// Stops timers and observation; no callback after this.
    func stop()
    /// Drops everything without callbacks, for `KontextVideo.reset`.
    func abandon()
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
                guard let self else { return }
                self.check()
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

extension VideoAd {
    /// An overlay's duration elapsed.
    func completeOverlay() {
        guard wasShown, !hasEnded else { return }
        markCompleted()
        end(.completed)
    }
}

/// A linear ad presented full screen by a `VideoAdPresenter`.
///
/// Phases: presenting (waiting for the presenter's completion), up, gone. A take-down asked for
/// while presenting waits for the presentation to finish, then dismisses; a presenter that never
/// calls back is treated as having failed, and if it puts the surface up after all, that surface
/// is taken down at once. So no full-screen surface is ever left behind.
@MainActor
final class LinearPresentationController: OnScreenPresentation {
    private enum Phase {
        case presenting, up, gone
    }

    private weak var ad: VideoAd?
    private let presenter: any VideoAdPresenter
    private var presentation: LinearAdPresentation!
    private var phase = Phase.presenting
    private var pendingTakeDown: (@MainActor () -> Void)?
    private var watchdog: Task<Void, Never>?

    init(ad: VideoAd, presenter: any VideoAdPresenter) {
        self.ad = ad
        self.presenter = presenter
        self.presentation = LinearAdPresentation(ad: ad) { [weak self] in self?.externallyDismissed() }
    }

    /// Asks the presenter to present; `completion` runs once, with whether the surface came up.
    /// When the presenter has not answered after `timeout` on `clock`, the presentation failed.
    func present(clock: any SchedulingClock, timeout: Duration, completion: @escaping @MainActor (Bool) -> Void) {
        // Holds the controller until the presenter answered or the watchdog fired: an ad ended
        // meanwhile still needs it to take the surface down.
        let finish: @MainActor (Bool) -> Void = { presented in
            guard self.phase == .presenting else {
                // The watchdog already gave up; a surface that came up late goes away again.
                if presented { self.presenter.dismissVideoAd(self.presentation) {} }
                return
            }
            self.watchdog?.cancel()
            self.watchdog = nil
            self.phase = presented ? .up : .gone
            if let takeDown = self.pendingTakeDown {
                // The ad ended while the surface was coming up: take it down now.
                self.pendingTakeDown = nil
                takeDown()
                return
            }
            completion(presented)
        }
        watchdog = Task { @MainActor in
            do { try await clock.sleep(for: timeout) } catch { return }
            finish(false)
        }
        presenter.presentVideoAd(presentation) { presented in finish(presented) }
    }

    private func externallyDismissed() {
        guard phase == .up else { return }
        phase = .gone
        ad?.end(.interrupted)
    }

    func stop() {}

    /// `KontextVideo.reset` only: no watchdog, no callback, and the surface taken down if it is up.
    func abandon() {
        watchdog?.cancel()
        watchdog = nil
        pendingTakeDown = nil
        if phase == .up { presenter.dismissVideoAd(presentation) {} }
        phase = .gone
    }

    func applicationActivityChanged(_ active: Bool) {}

    func takeDown(reason: VideoAdEndReason, completion: @escaping @MainActor () -> Void) {
        switch phase {
        case .presenting:
            pendingTakeDown = { [weak self] in self?.takeDown(reason: reason, completion: completion) }
        case .up:
            phase = .gone
            presenter.dismissVideoAd(presentation) { completion() }
        case .gone:
            completion()
        }
    }
}
