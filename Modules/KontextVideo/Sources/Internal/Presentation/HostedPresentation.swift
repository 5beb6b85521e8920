import Foundation
import KontextVideoScheduling
import KontextVideoPresentation
import KontextVideoPlayerTracking
import KontextVideoCreatives

/// An overlay or pause ad inside the app's view, and, for an overlay, following the content player.
///
/// The view is measured (resize, rotation, safe area, window, visibility) whenever it reports a
/// change (`videoAdReportChanges(to:)`: UIKit's layout pass, a `HeadlessView` property), so the
/// ad is laid out again in the same pass and an idle ad wakes nothing. A view that reports nothing,
/// stops reporting, or cannot report its visibility (UIKit) is also measured every half second,
/// which keeps the reference's "noticed within about half a second".
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
    /// Set by `startMonitoring`: the half-second checks run on these when needed.
    private var checkClock: (any SchedulingClock)?
    private var checkInterval: Duration = .zero
    private var isMonitoring = false
    /// Whether the host said it reports its changes (and has not stopped).
    private var hostReportsChanges = false

    init(ad: VideoAd, view: any VideoAdHostView, insets: VideoAdInsets, needs: CreativeSizeNeeds, placement: AdPlacement) {
        self.ad = ad
        self.view = view
        self.adapter = view as? any HostViewAdapter
        self.insets = insets
        self.needs = needs
        self.monitor = PresentationMonitor(needs: needs, insets: insets, placement: placement)
        self.placement = placement
    }

    /// Puts `renderer`'s creative into the view at the placement (`platform` attaches its view)
    /// and tells the host. The host's hook may end the ad at once (a `dismiss()` from inside it).
    func place(_ renderer: (any CreativeRenderer)?, attachingWith platform: any PlatformServices) {
        guard let view else { return }
        renderer?.place(in: placement.frame)
        platform.attach(renderer?.platformView, to: view)
        view.videoAdDidPlace(placement.frame)
    }

    /// Measures the view whenever it reports a change, and every `interval` on `clock` when it
    /// reports nothing, stops reporting, or cannot report its visibility.
    func startMonitoring(clock: any SchedulingClock, interval: Duration) {
        checkClock = clock
        checkInterval = interval
        isMonitoring = true
        // The host keeps the closure, and with it the token, for as long as it reports: a token
        // freed while the ad is shown means the host is gone or stopped reporting.
        let token = ReportingToken { [weak self] in
            // A presentation already gone has nothing to hear: no task (a run-loop turn each).
            guard self != nil else { return }
            Task { @MainActor [weak self] in self?.hostStoppedReporting() }
        }
        let reports = view?.videoAdReportChanges(to: { [weak self] in
            withExtendedLifetime(token) { self?.check(duringLayout: true) }
        }) ?? false
        hostReportsChanges = reports
        if !reports || adapter?.reportsVisibilityChanges == false {
            startPeriodicChecks()
        }
    }

    /// Measures the view every `checkInterval`, once.
    private func startPeriodicChecks() {
        guard isMonitoring, monitorTask == nil, let clock = checkClock else { return }
        let interval = checkInterval
        monitorTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                guard let self else { return }
                self.check()
            }
        }
    }

    /// The host dropped the closure it reported changes to: measure now, and on the clock from now on.
    private func hostStoppedReporting() {
        guard isMonitoring, hostReportsChanges else { return }
        hostReportsChanges = false
        check()
        startPeriodicChecks()
    }

    /// Measures the view now: relayout, or end the ad with `.interrupted`. `duringLayout`: the
    /// host reported a change from its layout pass (UIKit's `layoutSubviews`, a window move), where
    /// the ad ends at once but its surface comes down and `didEnd` runs on the next main-actor turn.
    func check(duringLayout: Bool = false) {
        guard let ad, !ad.hasEnded else { return }
        let interrupted: VideoAdLifecycle.Input = duringLayout ? .interruptedDuringLayout : .end(.interrupted)
        guard let view, adapter?.isWrappedViewAlive ?? true else {
            ad.apply(interrupted)
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
            ad.apply(interrupted)
        }
    }

    /// Follows the content player: an overlay ends with `.interrupted` when the content stops,
    /// and completes once its duration was played (or elapsed, with no player).
    func follow(tracker: PlayerTracker, clock: any SchedulingClock, duration: TimeInterval?) {
        let follower = OverlayPlaybackFollower(
            tracker: tracker,
            clock: clock,
            duration: duration,
            onInterrupted: { [weak self] _ in self?.ad?.apply(.end(.interrupted)) },
            onCompleted: { [weak self] in self?.ad?.apply(.overlayCompleted) }
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

    /// Nothing to wait for: an overlay or pause ad comes down at once anyway.
    func sceneDisconnected() {}

    func stop() {
        isMonitoring = false
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

/// Runs `onRelease` when freed: the host view keeps it (inside the closure it reports changes to)
/// while it reports, so its release says the host is gone or stopped reporting.
private final class ReportingToken: Sendable {
    private let onRelease: @Sendable () -> Void

    init(onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }
}
