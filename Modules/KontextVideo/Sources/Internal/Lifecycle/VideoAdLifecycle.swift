import Foundation
import KontextVideoCreatives
import KontextVideoVAST

/// One ad's life as a value: where it stands (`Phase`), and what each thing that happens to it
/// changes and asks for. Inputs in, actions out; no I/O and no clock (the time comes with the
/// input that needs it). `VideoAd` keeps one, feeds it, and runs the actions in order; its public
/// flags (`isLoaded`, `wasShown`, `hasEnded`, `isCompleted`, `invalidationReason`) are views of
/// the phase. The phase changes before any action runs, so an app that calls back into the ad
/// from a delegate method (a `dismiss()` inside `didFail`) finds it where it now stands.
struct VideoAdLifecycle: Equatable, Sendable {
    /// Where the ad stands.
    enum Phase: Equatable, Sendable {
        /// Arrived, not loaded: `load()`, `reject()` and the expiry may come.
        case held
        /// `load()` is under way.
        case loading
        /// Loaded, not shown: `show()` can be tried.
        case loaded
        /// Ended before it was shown; `wasLoaded` keeps `isLoaded` true for an ad rejected once loaded.
        case invalidated(VideoAdInvalidationReason, wasLoaded: Bool)
        /// Shown: the impression may be counted once, the creative may run to its end.
        case onScreen(impressed: Bool, completed: Bool)
        /// Began to end for `reason`: `didEnd` waits for the surface to come down (`takenDown`).
        case ending(VideoAdEndReason, completed: Bool)
        /// Began to end for `reason` inside the host's layout pass: the measurement and the take-down
        /// wait for the next main-actor turn (`nextTurn`), so nothing the app hears runs inside the pass.
        case endingOnNextTurn(VideoAdEndReason, completed: Bool)
        /// Ended: `didEnd(reason)` was delivered, or, with no reason, the ad's session ended and it
        /// stopped without a word (`abandon`).
        case ended(VideoAdEndReason?, completed: Bool)
    }

    /// What happens to the ad.
    enum Input: Equatable, Sendable {
        /// The expiry timer fired, or a call looked at the ad: `now` on the runtime's clock.
        case expiryCheck(now: Duration)
        /// The app called `reject(_:)`.
        case reject(VideoAdRejectReason)
        /// `load()` started the creative's load.
        case loadStarted
        /// The load finished: the creative is ready.
        case loaded
        /// The load failed (or timed out) with this VAST error code.
        case loadFailed(code: Int)
        /// `show()` passed its checks: the ad goes on screen.
        case show
        /// The impression: at `show()` for image and HTML creatives, at the first frame for video.
        case impression
        /// The creative reported `event`; `hasEndCard` says whether a linear ad's end card follows
        /// its video (then its `complete` does not end it).
        case creative(CreativeEvent, hasEndCard: Bool)
        /// An overlay's duration elapsed.
        case overlayCompleted
        /// Something ended the ad on screen: the app's `dismiss()`, the host's or presenter's
        /// interruption, `destroy()`.
        case end(VideoAdEndReason)
        /// The host's layout pass (UIKit's `layoutSubviews`, a window move) found the ad can no
        /// longer show: it ends `.interrupted`, but its surface comes down, and `didEnd` runs, on
        /// the next main-actor turn (`nextTurn`), never inside the app's layout.
        case interruptedDuringLayout
        /// The main-actor turn after the one that asked for it (`continueOnNextTurn`).
        case nextTurn
        /// The ad broke on screen with `error` (a presenter that never came up).
        case fail(VideoAdError)
        /// The ad's surface is down (at once without one; after a linear ad's dismissal).
        case takenDown
        /// A click-through took the viewer away or brought them back.
        case clickThrough(ClickThroughProgress)
        /// The owning `VideoAds` was destroyed.
        case ownerDestroyed
        /// The ad's session ended: it stops without callbacks or events.
        case abandon
    }

    /// What the ad must do, in order.
    enum Action: Equatable, Sendable {
        /// Send the server event for `moment` (`VideoAd.serverEvent(_:)`).
        case send(AdServerMoment)
        /// Tell the delegate (and the event stream) about `moment`.
        case deliver(AdDelegateMoment)
        /// Settle the load under way: with success (`nil`), or by throwing `error` to its callers.
        case settleLoad(VideoAdError?)
        /// Record on the event stream that the ad was invalidated for this reason.
        case recordInvalidation(VideoAdInvalidationReason)
        /// Stop the creative and let go of it.
        case releaseRenderer
        /// Take the ad out of the expiry timer.
        case cancelExpiry
        /// Remember the ad as shown or rejected (`UsedAds`).
        case markUsed
        /// The ad's `VideoAds` no longer needs to reach it.
        case forget
        /// Take the session's one on-screen slot; `leaveSlot` gives it back.
        case takeSlot
        /// Give the session's on-screen slot back, if the ad holds it.
        case leaveSlot
        /// Fire a linear ad's `notUsed` pixels.
        case trackingNotUsed
        /// Let the linear ad's tracking and the measurement session hear the creative's `event`.
        case measure(CreativeEvent)
        /// Let the measurement session hear the impression.
        case measureImpression
        /// Let the tracking and measurement hear the ad is ending for `reason`.
        case measureEnd(VideoAdEndReason)
        /// Stop the presentation and take its surface down, releasing the creative now when
        /// `releasingRenderer` (a linear ad keeps its video until the dismissal finished); then `takenDown`.
        case takeDown(VideoAdEndReason, releasingRenderer: Bool)
        /// Open what a tap on `area` leads to (`url`: the creative's own destination).
        case openClick(VideoAdClick.Area, url: URL?)
        /// Open the click-through of the linear ad's icon at this index: an icon click, with no
        /// server click and no `didClick` (the API reference has no icon callback).
        case openIconClick(Int)
        /// Tell the creative `signal`.
        case signalCreative(PlaybackSignal)
        /// Stop the presentation, the creative and the load without callbacks.
        case abandonWork
        /// Feed `nextTurn` on the next main-actor turn.
        case continueOnNextTurn
    }

    /// The ad's format.
    let format: AdFormat
    /// When the server's answer expires, on the runtime's clock.
    let expiresAt: Duration
    /// Whether the creative's Resume ends it: a full-screen pause ad.
    let endsOnResume: Bool
    /// Where the ad stands.
    private(set) var phase: Phase = .held

    /// An arrived ad of `format`, expiring at `expiresAt`, that ends on Resume when `endsOnResume`.
    init(format: AdFormat, expiresAt: Duration, endsOnResume: Bool) {
        self.format = format
        self.expiresAt = expiresAt
        self.endsOnResume = endsOnResume
    }

    // MARK: Views of the phase

    /// `load()` finished (and stays true once it did).
    var isLoaded: Bool {
        switch phase {
        case .held, .loading, .invalidated(_, wasLoaded: false): false
        case .loaded, .invalidated(_, wasLoaded: true), .onScreen, .ending, .endingOnNextTurn, .ended: true
        }
    }

    /// `show()` succeeded.
    var wasShown: Bool {
        switch phase {
        case .held, .loading, .loaded, .invalidated: false
        case .onScreen, .ending, .endingOnNextTurn, .ended: true
        }
    }

    /// Shown and not yet ending: what the creative reports reaches the app.
    var isOnScreen: Bool {
        if case .onScreen = phase { true } else { false }
    }

    /// Shown, and began to end.
    var hasEnded: Bool { wasShown && !isOnScreen }

    /// The creative ran to its end.
    var isCompleted: Bool {
        switch phase {
        case .onScreen(_, let completed), .ending(_, let completed), .endingOnNextTurn(_, let completed), .ended(_, let completed):
            completed
        case .held, .loading, .loaded, .invalidated: false
        }
    }

    /// Why the ad ended before it was shown, once it did.
    var invalidationReason: VideoAdInvalidationReason? {
        if case .invalidated(let reason, _) = phase { reason } else { nil }
    }

    /// Unshown and not invalidated: `format()` may hand it out again.
    var isHeldValid: Bool {
        switch phase {
        case .held, .loading, .loaded: true
        case .invalidated, .onScreen, .ending, .endingOnNextTurn, .ended: false
        }
    }

    // MARK: Inputs

    /// Takes `input`: the phase moves, and the actions to run come back, in order.
    /// - Throws: For `reject` only: ``VideoAdError/alreadyShown`` after `show()`,
    ///   ``VideoAdError/invalidated(_:)`` once invalidated. Nothing changed then.
    /// - Returns: What the ad must do, in order.
    mutating func handle(_ input: Input) throws(VideoAdError) -> [Action] {
        switch input {
        case .reject(let reason):
            if wasShown { throw .alreadyShown }
            if let invalidationReason { throw .invalidated(invalidationReason) }
            return [.markUsed, .send(.reject(reason)), .trackingNotUsed] + invalidate(.rejected)
        default:
            return take(input)
        }
    }

    /// Takes an input that cannot throw (every one but `reject`).
    /// - Returns: What the ad must do, in order.
    mutating func take(_ input: Input) -> [Action] {
        switch (input, phase) {
        case (.reject, _):
            return (try? handle(input)) ?? []
        case (.expiryCheck(let now), .held), (.expiryCheck(let now), .loading), (.expiryCheck(let now), .loaded):
            return now >= expiresAt ? [.send(.expired)] + invalidate(.expired) : []
        case (.loadStarted, .held):
            phase = .loading
            return []
        case (.loaded, .loading):
            phase = .loaded
            return [.settleLoad(nil)]
        case (.loadFailed(let code), .loading):
            // The load itself throws `creativeFailed`; later calls see the invalidation.
            return [.settleLoad(.creativeFailed(code: code))] + invalidate(.creativeFailed(code: code), settlingLoad: false)
                + [.send(.vastError(code: code))]
        case (.show, .loaded):
            phase = .onScreen(impressed: false, completed: false)
            return [.cancelExpiry, .markUsed, .takeSlot]
        case (.impression, .onScreen(impressed: false, let completed)):
            phase = .onScreen(impressed: true, completed: completed)
            return [.measureImpression, .send(.impression), .deliver(.impression)]
        case (.creative(let event, let hasEndCard), .onScreen):
            return [.measure(event)] + onScreen(event, hasEndCard: hasEndCard)
        case (.creative(.failed(let code), _), .loading):
            return take(.loadFailed(code: code.rawValue))
        case (.creative(.failed(let code), _), .loaded):
            // A loaded creative that fails before show() invalidates the ad.
            return [.send(.vastError(code: code.rawValue))] + invalidate(.creativeFailed(code: code.rawValue))
        case (.overlayCompleted, .onScreen(let impressed, _)):
            phase = .onScreen(impressed: impressed, completed: true)
            return end(.completed)
        case (.end(let reason), .onScreen):
            return end(reason)
        case (.interruptedDuringLayout, .onScreen(_, let completed)):
            // The phase moves now (a second look in the same pass finds the ad ending); nothing the
            // app or a measurement hears runs inside the pass.
            phase = .endingOnNextTurn(.interrupted, completed: completed)
            return [.continueOnNextTurn]
        case (.nextTurn, .endingOnNextTurn(let reason, let completed)), (.ownerDestroyed, .endingOnNextTurn(let reason, let completed)):
            // On the next turn; or at once inside `destroy()`, whose `didEnd` the reference makes
            // synchronous (the reason stays the one found first).
            phase = .ending(reason, completed: completed)
            return [.measureEnd(reason), .takeDown(reason, releasingRenderer: format != .linear)]
        case (.fail(let error), .onScreen):
            return fail(error)
        case (.takenDown, .ending(let reason, let completed)):
            phase = .ended(reason, completed: completed)
            return (format == .linear ? [.releaseRenderer] : [])
                + [.leaveSlot, .forget, .send(.ended(reason, completed: completed)), .deliver(.end(reason, completed: completed))]
        case (.clickThrough(.opened(let kind)), .onScreen):
            return [.signalCreative(.clickThroughOpened(kind))]
        case (.clickThrough(.closed), .onScreen):
            return [.signalCreative(.clickThroughClosed)]
        case (.ownerDestroyed, .held), (.ownerDestroyed, .loading), (.ownerDestroyed, .loaded):
            return [.send(.dropped), .trackingNotUsed] + invalidate(.destroyed)
        case (.ownerDestroyed, .onScreen):
            return end(.destroyed)
        case (.abandon, .onScreen(_, let completed)), (.abandon, .ending(_, let completed)),
             (.abandon, .endingOnNextTurn(_, let completed)):
            phase = .ended(nil, completed: completed)
            return [.abandonWork]
        default:
            // Everything else changes nothing where the ad stands: a second impression, anything
            // the creative says before show() or after the end, an end after the end.
            return []
        }
    }

    /// What the creative's `event` does to an ad on screen, once the measurement heard it.
    private mutating func onScreen(_ event: CreativeEvent, hasEndCard: Bool) -> [Action] {
        guard case .onScreen(let impressed, let completed) = phase else { return [] }
        switch event {
        case .firstFrame:
            return take(.impression)
        case .click(let area, let url):
            return [.send(.click(area)), .openClick(area, url: url)]
        case .complete:
            phase = .onScreen(impressed: impressed, completed: true)
            return format == .linear && !hasEndCard ? end(.completed) : []
        case .skip:
            return format == .linear && !completed ? end(.skipped) : []
        case .close:
            return end(.closed)
        case .resume:
            return endsOnResume ? end(.resumed) : []
        case .failed(let code):
            return fail(.creativeFailed(code: code.rawValue))
        case .iconClick(let index):
            return [.openIconClick(index)]
        case .progress, .mediaLength, .pause, .resumePlayback, .bufferStart, .bufferFinish, .mute, .unmute, .endCardShown, .iconShown:
            return []
        }
    }

    /// Ends an unshown ad: no delegate callback (nothing is delivered before `show()`); a load
    /// under way throws the invalidation (`destroyed` for a destroyed one) to its callers, unless
    /// the caller settled it already (`settlingLoad` false).
    private mutating func invalidate(_ reason: VideoAdInvalidationReason, settlingLoad: Bool = true) -> [Action] {
        let wasLoading = settlingLoad && phase == .loading
        phase = .invalidated(reason, wasLoaded: isLoaded)
        let settling: [Action] = wasLoading ? [.settleLoad(reason == .destroyed ? .destroyed : .invalidated(reason))] : []
        return [.releaseRenderer, .cancelExpiry, .forget, .recordInvalidation(reason)] + settling
    }

    /// Takes the ad off the screen for `reason`: `didEnd` once the surface is down.
    private mutating func end(_ reason: VideoAdEndReason) -> [Action] {
        phase = .ending(reason, completed: isCompleted)
        return [.measureEnd(reason), .takeDown(reason, releasingRenderer: format != .linear)]
    }

    /// The ad broke on screen: `didFail` now, `didEnd(.failed)` once it is down. It began to end
    /// before `didFail`, so an app calling `dismiss()` from it changes nothing.
    private mutating func fail(_ error: VideoAdError) -> [Action] {
        phase = .ending(.failed, completed: isCompleted)
        let vastError: [Action] = if case .creativeFailed(let code) = error { [.send(.vastError(code: code))] } else { [] }
        return vastError + [.deliver(.fail(error)), .measureEnd(.failed), .takeDown(.failed, releasingRenderer: format != .linear)]
    }
}

/// A server event an ad sends; `VideoAd.serverEvent(_:)` stamps it with the ad and the playhead.
enum AdServerMoment: Equatable, Sendable {
    case impression
    case click(VideoAdClick.Area)
    case ended(VideoAdEndReason, completed: Bool)
    case reject(VideoAdRejectReason)
    case expired
    case dropped
    case vastError(code: Int)
}

/// A moment the ad's delegate hears.
enum AdDelegateMoment: Equatable, Sendable {
    case impression
    case fail(VideoAdError)
    case end(VideoAdEndReason, completed: Bool)
}
