import Foundation
import KontextVideoVAST
import KontextVideoCreatives

/// An ad's creative at work, from `load()` until the ad is gone: the renderer, the load under
/// way, a linear ad's tracking, the measurement session and what keeps it on screen. A held ad
/// that is never loaded makes none; the ad's lifecycle says when each part starts and stops, and
/// the parts run the actions that touch only them.
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
    var onScreen: OnScreenPresentation?
    /// The scene the ad is shown in, from `show()` on, when the platform can tell (`AdSceneRule`).
    var scene: SceneIdentity?

    /// The creative `renderer` makes, its `loading` under way.
    init(renderer: any CreativeRenderer, loading: LoadInProgress) {
        self.renderer = renderer
        self.loading = loading
    }

    /// Runs `action` when it touches only the creative's parts, with the content's `playhead`
    /// for the tracking.
    /// - Returns: Whether `action` was the creative's.
    func run(_ action: VideoAdLifecycle.Action, playhead: @autoclosure () -> TimeInterval) -> Bool {
        switch action {
        case .settleLoad(let error):
            // Its work and time-out stop; a loaded ad never loads again.
            loading?.cancel()
            loading?.call.settle(error.map { .failure($0) } ?? .success(()))
            loading = nil
        case .releaseRenderer:
            renderer?.stop()
            renderer = nil
        case .trackingNotUsed:
            tracking?.notUsed()
        case .measure(let event):
            tracking?.handle(event, contentPlayhead: playhead())
            verification?.handle(event)
        case .measureImpression:
            verification?.receive(.impression)
        case .measureEnd(let reason):
            tracking?.ended(reason)
            verification?.receive(.ended(reason))
        case .signalCreative(let signal):
            renderer?.receive(signal)
        case .abandonWork:
            onScreen?.abandon()
            onScreen = nil
            renderer?.stop()
            loading?.cancel()
        case .send, .deliver, .recordInvalidation, .cancelExpiry, .markUsed, .forget, .takeSlot, .leaveSlot, .takeDown, .openClick, .openIconClick,
             .continueOnNextTurn:
            return false
        }
        return true
    }
}
