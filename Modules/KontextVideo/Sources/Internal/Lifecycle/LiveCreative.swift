import Foundation
import KontextVideoVAST
import KontextVideoCreatives
import KontextVideoConcurrency

/// An ad's creative at work, from `load()` until the ad is gone: the renderer, the load under
/// way, a linear ad's tracking, the measurement session and what keeps it on screen. A held ad
/// that is never loaded makes none; the ad's lifecycle says when each part starts and stops, and
/// the ad, its one runner, calls the part each action names.
@MainActor
final class LiveCreative {
    /// The renderer, until the ad ends or is invalidated (a web view or a player is heavy).
    var renderer: (any CreativeRenderer)?
    /// The load under way, until it settled.
    var loading: LoadInProgress?
    /// A linear ad's tracking pixels, from the end of its load.
    var tracking: LinearTrackingSession?
    /// The consent and app macros a linear ad's pixels carry, read while it loaded.
    var pixelMacros = VASTMacroContext()
    /// The measurement session, from the moment the ad is on screen.
    var verification: VideoAdVerificationSession?
    /// What keeps the ad on screen, while it is.
    var onScreen: (any OnScreenPresentation)?
    /// The scene the ad is shown in, from `show()` on, when the platform can tell (`AdSceneRule`).
    var scene: SceneIdentity?
    /// An app-install ad's attribution (its view-through window, its overlay), from `show()` on.
    var attribution: AdAttribution?

    /// The creative `renderer` makes, its `loading` under way.
    init(renderer: any CreativeRenderer, loading: LoadInProgress) {
        self.renderer = renderer
        self.loading = loading
    }

    /// Settles the load under way, with success (`nil`) or by throwing `error` to its callers: its
    /// work and time-out stop, and a loaded ad never loads again.
    func settleLoad(_ error: VideoAdError?) {
        loading?.cancel()
        loading?.call.settle(error.map { .failure($0) } ?? .success(()))
        loading = nil
    }

    /// Stops the renderer and lets go of it.
    func releaseRenderer() {
        renderer?.stop()
        renderer = nil
    }

    /// Lets a linear ad's tracking (at the content's `playhead`) and the measurement hear `event`.
    func measure(_ event: CreativeEvent, playhead: @autoclosure () -> TimeInterval) {
        tracking?.handle(event, contentPlayhead: playhead())
        verification?.handle(event)
        attribution?.creative(event)
    }

    /// Lets the measurement and the attribution hear the impression.
    func measureImpression() {
        verification?.receive(.impression)
        attribution?.impression()
    }

    /// Lets the tracking and the measurement hear that the ad is ending for `reason`.
    func measureEnd(_ reason: VideoAdEndReason) {
        tracking?.ended(reason)
        verification?.receive(.ended(reason))
        attribution?.left(.ended(reason))
    }

    /// Stops the presentation, the renderer and the load, without callbacks.
    func abandonWork() {
        onScreen?.abandon()
        onScreen = nil
        attribution?.left(.abandoned)
        renderer?.stop()
        loading?.cancel()
    }

    /// The creative starts on screen, measured from now (the measurement session hears every
    /// later moment from the ad's lifecycle).
    func startOnScreen(measuring ad: VideoAd) {
        verification = .started(for: ad)
        renderer?.start()
    }

    /// Stops the presentation and takes it down (and the renderer with it when
    /// `releasingRenderer`); `takenDown` once it is gone, at once when nothing was on screen.
    func takeDown(_ reason: VideoAdEndReason, releasingRenderer: Bool, takenDown: @escaping @MainActor () -> Void) {
        let presentation = onScreen
        onScreen = nil
        presentation?.stop()
        if releasingRenderer { releaseRenderer() }
        guard let presentation else { return takenDown() }
        presentation.takeDown(reason: reason, completion: takenDown)
    }
}
