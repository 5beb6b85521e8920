import Foundation
import KontextVideoScheduling
import KontextVideoCreatives

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

    /// Asks the presenter to present; `completion` runs once, with whether the surface came up and
    /// whether this call had returned by then (a presenter may answer before it does). When the
    /// presenter has not answered after `timeout` on `clock`, the presentation failed.
    func present(clock: any SchedulingClock, timeout: Duration, completion: @escaping @MainActor (Bool, Bool) -> Void) {
        let presentReturned = Flag()
        defer { presentReturned.isSet = true }
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
            completion(presented, presentReturned.isSet)
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
        ad?.apply(.end(.interrupted))
    }

    func stop() {}

    /// The presenter's scene is gone, and the surface with it: nothing is presented or dismissed
    /// any more (UIKit would never finish either there), so a take-down completes at once.
    func sceneDisconnected() {
        watchdog?.cancel()
        watchdog = nil
        pendingTakeDown = nil
        phase = .gone
    }

    /// Its session ended (the lifecycle's `abandon`): no watchdog, no callback, and the surface taken down if it is up.
    func abandon() {
        watchdog?.cancel()
        watchdog = nil
        pendingTakeDown = nil
        if phase == .up { presenter.dismissVideoAd(presentation) {} }
        phase = .gone
    }

    /// The video pauses in the background and picks up when the app is back (the ad's
    /// `LinearPlaybackSession` decides; it hears it through the renderer).
    func applicationActivityChanged(_ active: Bool) {
        ad?.renderer?.receive(.applicationActive(active))
    }

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

/// A flag a main-actor closure can read after the code that made it has moved on.
@MainActor
private final class Flag {
    var isSet = false
}
