import Foundation
import KontextVideoVAST
import KontextVideoScheduling
import KontextVideoCreatives
import KontextVideoNetworking

extension VideoAd {
    /// Shows an overlay or pause ad inside a host view of your own making: for headless tests and
    /// platforms without UIKit. On iOS and tvOS you pass your `UIView` (``show(in:insets:)-(UIView,_)``).
    ///
    /// Succeeds once the ad is on screen; the ad follows the view when it resizes or rotates, and
    /// a view that becomes too small for it ends the ad with `didEnd(.interrupted)`. With a player
    /// given to ``VideoAds/track(_:)-(VideoAdsPlayer)``, an overlay also ends with
    /// `didEnd(.interrupted)` when the content stops, or (an `AVPlayer`) moves to another screen
    /// through AirPlay.
    ///
    /// ```swift
    /// // HeadlessView: KontextVideoTesting's VideoAdHostView.
    /// let view = HeadlessView(size: CGSize(width: 390, height: 844))
    /// try ad.show(in: view, insets: VideoAdInsets(bottom: 80))
    /// ```
    ///
    /// - Parameters:
    ///   - view: The view the content plays in, as a ``VideoAdHostView``: its size, safe area, and
    ///     whether it is in a window and visible.
    ///   - insets: Space to keep free inside `view`, on top of its safe area: `bottom: 80` places a
    ///     bottom strip 80 points above the safe area's edge. Defaults to `.zero`. Kept while the ad
    ///     is shown, through resizes and rotations. A full-screen pause ad ignores them.
    /// - Throws: With nothing shown: ``VideoAdError/notLoaded`` (`load()` has not finished),
    ///   ``VideoAdError/alreadyShown``, ``VideoAdError/anotherAdShowing`` (another ad is on screen,
    ///   from any `VideoAds`), ``VideoAdError/invalidated(_:)`` (the ad expired, was rejected or
    ///   failed), ``VideoAdError/destroyed``, ``VideoAdError/disabled(reason:)``,
    ///   ``VideoAdError/presenterUnavailable`` (the view is not in a window, has no area, or is
    ///   hidden, or the tracked `AVPlayer` plays on another screen through AirPlay),
    ///   ``VideoAdError/containerTooSmall(minimum:)`` (the ad would have to shrink below
    ///   50 %) and ``VideoAdError/contentPaused`` (an overlay over paused content) — the ad stays
    ///   ready in these three —, ``VideoAdError/wrongPresentation`` (a linear ad).
    public func show(in view: any VideoAdHostView, insets: VideoAdInsets = .zero) throws {
        try VideoAdCallState.reporting(self, "show(in:insets:)") { try place(in: view, insets: insets) }
    }

    /// `show(in:insets:)`'s work, once its throws are reported.
    private func place(in view: any VideoAdHostView, insets: VideoAdInsets) throws {
        if format == .linear { throw VideoAdError.wrongPresentation }
        try checkShowable()
        let needs = CreativeSizeNeeds(of: served, reported: renderer?.reportedSize)
        let placement: AdPlacement
        switch AdLayout.place(needs, in: HostSnapshot(of: view), insets: insets) {
        case .success(let placed): placement = placed
        case .failure(let failure): throw failure.videoAdError
        }
        if format == .overlay, owner.playerTracker.isContentPlaying == false { throw VideoAdError.contentPaused }
        // Over content seen on another screen (AirPlay) no one would see the ad: it stays ready.
        if owner.playerTracker.contentOutput?.showsAdsOverContent == false { throw VideoAdError.presenterUnavailable }

        apply(.show)
        let presentation = HostedPresentation(ad: self, view: view, insets: insets, needs: needs, placement: placement)
        let platform = runtime.environment.platform
        // Held from before the host's hook, which may end the ad at once: nothing starts then.
        live?.onScreen = presentation
        live?.scene = platform.scene(of: view)
        presentation.place(renderer, attachingWith: platform)
        guard lifecycle.isOnScreen else { return }
        live?.startOnScreen(measuring: self)
        presentation.startMonitoring(clock: runtime.clock, interval: runtime.environment.hostCheckInterval)
        if format == .overlay {
            presentation.follow(tracker: owner.playerTracker, clock: runtime.clock, duration: duration)
        }
        record(.state, .shown, level: .info, ["frame": "\(placement.frame)", "scale": "\(placement.scale)"])
        // Image and HTML creatives count their impression at show(); a video at its first frame.
        if served.creative.kind != .vast { apply(.impression) }
    }

    #if !canImport(UIKit)
    /// Presents a linear ad full screen: from the given presenter, or with `nil` (the default)
    /// from the platform's default presenter. Where there is no UIKit (macOS, Linux) and in
    /// headless tests; on iOS and tvOS you pass a `UIViewController`.
    ///
    /// Succeeds once the presentation started; `didEnd` comes once the dismissal finished. If the
    /// presenter never puts the surface up, the ad fails (`didFail(.presenterUnavailable)`, then
    /// `didEnd(.failed)`).
    ///
    /// ```swift
    /// try linear.show()                          // the default presenter
    /// try linear.show(from: harness.presenter)   // a HeadlessPresenter
    /// ```
    ///
    /// - Parameter presenter: What puts the ad's full-screen surface up and takes it down; `nil`
    ///   for the platform's default (in `KontextVideoTesting`, the harness's presenter).
    /// - Throws: With nothing shown: the errors of `show(in:insets:)` — ``VideoAdError/notLoaded``,
    ///   ``VideoAdError/alreadyShown``, ``VideoAdError/anotherAdShowing``,
    ///   ``VideoAdError/invalidated(_:)``, ``VideoAdError/destroyed``,
    ///   ``VideoAdError/disabled(reason:)`` —, plus ``VideoAdError/presenterUnavailable`` (nothing
    ///   can present right now; the ad stays ready) and ``VideoAdError/wrongPresentation`` (an
    ///   overlay or pause ad).
    public func show(from presenter: (any VideoAdPresenter)? = nil) throws {
        try presentLinear(from: presenter)
    }
    #endif

    /// Presents a linear ad from `presenter`, or from the platform's default presenter.
    func presentLinear(from presenter: (any VideoAdPresenter)?) throws {
        try VideoAdCallState.reporting(self, "show(from:)") { try present(from: presenter) }
    }

    /// `show(from:)`'s work, once its throws are reported.
    private func present(from presenter: (any VideoAdPresenter)?) throws {
        if format != .linear { throw VideoAdError.wrongPresentation }
        try checkShowable()
        guard let presenter = presenter ?? runtime.environment.platform.defaultPresenter(), presenter.canPresentVideoAd else {
            throw VideoAdError.presenterUnavailable
        }
        apply(.show)
        let presentation = LinearPresentationController(ad: self, presenter: presenter)
        live?.onScreen = presentation
        live?.scene = runtime.environment.platform.scene(of: presenter)
        record(.state, .presenting, level: .info)
        presentation.present(clock: runtime.clock, timeout: runtime.environment.presentationTimeout) { [weak self] presented, presentReturned in
            self?.linearPresentationAnswered(presented: presented, afterShowReturned: presentReturned)
        }
    }

    /// The presenter answered: once the surface is up the video starts (paused while the app is
    /// in the background) with its measurement. A presenter that never put it up fails the ad
    /// (`didFail(.presenterUnavailable)`), after `show()` returned even when it answered at once.
    private func linearPresentationAnswered(presented: Bool, afterShowReturned: Bool) {
        guard lifecycle.isOnScreen else { return }
        if presented {
            if !context.session.applicationIsActive { renderer?.receive(.applicationActive(false)) }
            live?.startOnScreen(measuring: self)
        } else if afterShowReturned {
            apply(.fail(.presenterUnavailable))
        } else {
            Task { @MainActor [weak self] in self?.apply(.fail(.presenterUnavailable)) }
        }
    }

    /// Ends an overlay or pause ad because you say so; `didEnd(.dismissed)` follows,
    /// synchronously. Before `show()` and after `didEnd` it does nothing.
    ///
    /// Dismiss a pause ad when the viewer resumes playback with your own controls, and an ad on
    /// screen when your app is about to cover or leave the player.
    ///
    /// ```swift
    /// func playerDidResume() {
    ///     try? pauseAd?.dismiss()   // didEnd(.dismissed) comes before it returns
    ///     pauseAd = nil
    /// }
    /// ```
    ///
    /// - Throws: ``VideoAdError/wrongPresentation`` for a linear ad, which only the SDK dismisses.
    public func dismiss() throws {
        try VideoAdCallState.reporting(self, "dismiss()") {
            if format == .linear { throw VideoAdError.wrongPresentation }
            apply(.end(.dismissed))
        }
    }

    /// The throws `show` shares, in order: alreadyShown, destroyed, disabled, invalidated, notLoaded,
    /// anotherAdShowing. None of them changes the ad.
    private func checkShowable() throws {
        if wasShown { throw VideoAdError.alreadyShown }
        try checkUsable()
        if !isLoaded { throw VideoAdError.notLoaded }
        if context.session.adOnScreen != nil { throw VideoAdError.anotherAdShowing }
        // App Review 2.5.18: no ad in an app extension, whichever `show` was called.
        if let why = AppExtensionAdPolicy.refusal(in: runtime.platform.hostProcessKind) {
            record(.error, .showRefusedInAppExtension, level: .error, ["why": why])
            throw VideoAdError.presenterUnavailable
        }
    }
}
