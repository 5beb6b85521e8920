import Foundation
import KontextVideoVAST
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives

/// One ad, from the server's answer to the end of its presentation. Look at its facts, then
/// `load()` or `reject()`, then `show()`, then exactly one `didEnd`. Shown at most once.
///
/// ```swift
/// let ad = try await ads.format(.pause)
/// guard ad.price.value >= floor else {
///     try ad.reject(.notUsed)
///     return
/// }
/// ad.delegate = self
/// try await ad.load()                            // renders off screen
/// try ad.show(in: playerView, insets: controlsInsets)
/// // … then exactly one videoAd(_:didEnd:)
/// ```
///
/// An overlay or pause ad is shown inside your view with ``show(in:insets:)-(_,VideoAdInsets)``
/// (on iOS and tvOS, ``show(in:insets:)-(UIView,_)``) and can be ended with ``dismiss()``; a
/// linear ad is presented full screen with ``show(from:)-(UIViewController?)`` and only the SDK
/// dismisses it.
@MainActor
public final class VideoAd {
    /// An ad's price, as CPM: `value`, `currency` (ISO 4217) and `precision`.
    public typealias Price = VideoAdPrice
    /// Who or what took the ad off the screen, delivered by `videoAd(_:didEnd:)`.
    public typealias EndReason = VideoAdEndReason
    /// A tap on the ad, delivered by `videoAd(_:didClick:)`: where the viewer tapped.
    public typealias Click = VideoAdClick
    /// Why the ad ended before it was shown: `.expired`, `.rejected`, `.destroyed`, `.creativeFailed(code:)`.
    public typealias InvalidationReason = VideoAdInvalidationReason
    /// Why you won't use the ad: `.notUsed`, or `.outbid(winningPrice:winner:)`.
    public typealias RejectReason = VideoAdRejectReason

    // MARK: Facts

    /// The server's id of the ad, for your logs.
    public let id: String
    /// The ad's format: the one asked of ``VideoAds/format(_:)``.
    public let format: AdFormat
    /// The ad's price, as CPM: compare it with other demand before you load or reject the ad.
    public var price: Price { served.price }
    /// Overlay: how long the SDK keeps it on screen, `nil` when it stays until ended.
    /// Linear: the video's length. Always `nil` for a pause ad.
    ///
    /// A linear ad's duration is the server's until ``load()`` read the VAST document, whose
    /// duration wins.
    public internal(set) var duration: TimeInterval?

    // MARK: State

    /// `true` once ``load()`` finished.
    public internal(set) var isLoaded = false
    /// Why the ad ended before it was shown, once it did: `.expired`, `.rejected`, `.destroyed`,
    /// `.creativeFailed(code:)`. `nil` while it is valid, and for a shown ad.
    public private(set) var invalidationReason: InvalidationReason?
    /// `true` from a successful `show()` on.
    public internal(set) var wasShown = false
    /// `true` once the ad began to end. `didEnd` follows at once for an overlay or pause ad, and
    /// once the dismissal finished for a linear ad.
    public private(set) var hasEnded = false
    /// Whether the creative ran to its end: a video reached complete, an overlay's duration elapsed.
    /// Separate from how it left the screen: a linear ad whose end card the viewer closed ends
    /// with `.closed` and `isCompleted == true`.
    public private(set) var isCompleted = false
    /// Receives the ad's moments: the impression, clicks, a failure on screen and the end. Held
    /// weakly: keep your delegate alive while the ad is shown.
    public weak var delegate: VideoAdDelegate?

    /// Loaded, not shown, not rejected, not expired: `show()` can be tried. A hint, not a guarantee;
    /// `show()` still measures the view.
    public var isReady: Bool {
        expireIfDue()
        return isLoaded && !wasShown && invalidationReason == nil && !owner.isDestroyed
    }

    // MARK: Inner parts

    /// The server's answer this ad was made from.
    package let served: ServedAd
    /// The request book of the `VideoAds` the ad came from.
    let owner: AdRequestBook
    /// The SDK instance, its owner's (the one on-screen slot, the state, `regulatory`).
    unowned let sdk: KontextVideo
    let runtime: SDKRuntime
    let expiresAt: Duration
    /// The load under way, from `load()` until it finished (a loaded ad never loads again).
    var loading: LoadInProgress?
    /// The creative's renderer, from `load()` until the ad ends.
    package internal(set) var renderer: (any CreativeRenderer)?
    /// A linear ad's tracking pixels, from the end of its load.
    var tracking: LinearTrackingSession?
    /// The ad's measurement session (`VideoAd+Verification.swift`), from the moment it is on screen.
    var verification: VideoAdVerificationSession?
    /// The consent and app macros a linear ad's pixels carry, read while it loaded.
    var pixelMacros = VASTMacroContext()
    private var impressionRecorded = false
    var onScreen: OnScreenPresentation?
    /// The ad's place in the runtime's expiry timer, until it was shown or ended.
    private var expiryTicket: DeadlineTimer.Ticket?

    /// The ad the server's `served` answer becomes, received at `receivedAt` on the runtime's
    /// clock. Made where the answer arrived, off the main actor: copying the answer and making the
    /// object are work the main thread need not do. It takes part in nothing until `arrived(requestId:)`.
    nonisolated init(served: ServedAd, owner: AdRequestBook, runtime: SDKRuntime, receivedAt: Duration) {
        self.served = served
        self.id = served.id
        self.format = served.format
        self.duration = served.format == .pause ? nil : served.duration
        self.owner = owner
        self.sdk = owner.sdk
        self.runtime = runtime
        self.expiresAt = receivedAt + served.expiresIn
    }

    /// The ad is the request's outcome, on the main actor: it expires on the runtime's timer from
    /// now on, and its arrival is recorded.
    func arrived(requestId: UUID?) {
        // Held strongly by the timer, not weakly (a weak capture costs a box and a side table on the
        // main thread): until the entry is cancelled (shown, ended, invalidated) the ad's
        // `VideoAds` holds it anyway, and a stopped timer forgets it.
        expiryTicket = runtime.expiryTimer.schedule(at: expiresAt) { [self] in expireIfDue() }
        record(.state, .adReceived, level: .info, Self.receivedAttributes(served, requestId: requestId))
    }

    /// Unshown and not invalidated: `format()` hands it out again.
    var isHeldValid: Bool {
        expireIfDue()
        return !wasShown && invalidationReason == nil
    }

    // MARK: reject(_:)

    /// You won't use the ad; the server tells the advertiser. Works until `show()`, loaded or not.
    ///
    /// Reject an ad you asked for and will not show, such as one that lost to another network's
    /// bid: the advertiser learns it was not used, and the ad is invalidated (`.rejected`).
    ///
    /// ```swift
    /// try ad.reject(.outbid(winningPrice: 2.4, winner: "Other network"))
    /// ```
    ///
    /// - Parameter reason: `.notUsed` (the default), or `.outbid(winningPrice:winner:)` with the
    ///   CPM that won and, if you may say, who won.
    /// - Throws: ``VideoAdError/alreadyShown`` after `show()`, or ``VideoAdError/invalidated(_:)``
    ///   with the invalidation if the ad already ended (expired, rejected, destroyed or failed).
    public func reject(_ reason: RejectReason = .notUsed) throws {
        try reporting("reject(\(reason))") { try rejectOnce(reason) }
    }

    private func rejectOnce(_ reason: RejectReason) throws {
        if wasShown { throw VideoAdError.alreadyShown }
        expireIfDue()
        if let invalidationReason { throw VideoAdError.invalidated(invalidationReason) }
        markUsed()
        runtime.send(.reject(reason, adId: id, format: format, playhead: owner.playerTracker.playhead))
        tracking?.notUsed()
        invalidate(.rejected)
    }

    // MARK: Shared checks and transitions

    /// The throws every method shares, in the reference's order of precedence.
    func checkUsable() throws {
        if owner.isDestroyed { throw VideoAdError.destroyed }
        if case .disabled(let reason)? = sdk.currentState { throw VideoAdError.disabled(reason: reason) }
        expireIfDue()
        if !wasShown, let invalidationReason { throw VideoAdError.invalidated(invalidationReason) }
    }

    /// The ad was shown or rejected: the server answering it again, to any `VideoAds` of the app,
    /// is `.alreadyUsed` for as long as the ad could still be valid.
    func markUsed() {
        runtime.usedAds.insert(id, validUntil: expiresAt, now: runtime.clock.now)
    }

    /// Ends the ad before it was shown: no delegate callback (nothing is delivered before `show()`).
    func invalidate(_ reason: InvalidationReason) {
        guard invalidationReason == nil, !wasShown else { return }
        invalidationReason = reason
        releaseRenderer()
        cancelExpiry()
        owner.forget(self)
        record(.state, .invalidated, level: .info, ["reason": "\(reason)"])
        if let loading, loading.result == nil {
            loading.cancel()
            loading.settle(.failure(reason == .destroyed ? VideoAdError.destroyed : VideoAdError.invalidated(reason)))
        }
    }

    /// Expires the ad once the server's expiry passed, unless it was shown or ended before.
    func expireIfDue() {
        guard invalidationReason == nil, !wasShown, runtime.clock.now >= expiresAt else { return }
        runtime.send(.expired(adId: id, format: format, playhead: owner.playerTracker.playhead))
        invalidate(.expired)
    }

    /// The owning `VideoAds` was destroyed.
    func ownerDestroyed() {
        if wasShown {
            if !hasEnded { end(.destroyed) }
            return
        }
        guard invalidationReason == nil else { return }
        runtime.send(.dropped(adId: id, format: format, playhead: owner.playerTracker.playhead))
        tracking?.notUsed()
        invalidate(.destroyed)
    }

    /// Stops everything without callbacks or events: its session ended (`SDKSession.end()`), and
    /// the one after it must not hear from it.
    func abandon() {
        onScreen?.abandon()
        onScreen = nil
        renderer?.stop()
        loading?.cancel()
        hasEnded = true
    }

    /// Records one of the ad's moments on the SDK's event stream, with its id and format; the
    /// attributes are built only when someone hears the event.
    func record(
        _ kind: KontextVideoEvent.Kind,
        _ name: KontextVideoEvent.Name,
        level: KontextVideoConfiguration.LogLevel,
        _ attributes: @autoclosure () -> [String: String] = [:]
    ) {
        runtime.events.record(level) {
            var all = attributes()
            all["adId"] = id
            all["format"] = format.rawValue
            return KontextVideoEvent(kind, name, level: level, attributes: all)
        }
    }

    /// The impression: at `show()` for image and HTML creatives, at the first frame for video. At most once.
    func recordImpression() {
        guard !impressionRecorded, wasShown, !hasEnded else { return }
        impressionRecorded = true
        verification?.receive(.impression)
        runtime.send(.impression(adId: id, format: format, playhead: owner.playerTracker.playhead))
        record(.delegate, .didRecordImpression, level: .info)
        delegate?.videoAdDidRecordImpression(self)
    }

    // MARK: Ending

    /// The expiry no longer matters (the ad was shown or ended): its timer entry goes now, not at
    /// the deadline, so a destroyed ad leaves nothing behind.
    func cancelExpiry() {
        guard let ticket = expiryTicket else { return }
        runtime.expiryTimer.cancel(ticket)
        expiryTicket = nil
    }

    /// Stops the creative and lets go of it (a web view or player is heavy).
    private func releaseRenderer() {
        renderer?.stop()
        renderer = nil
    }

    /// The creative ran to its end.
    func markCompleted() {
        isCompleted = true
    }

    /// The ad broke on screen: `didFail` now, `didEnd(.failed)` once it is cleaned up. The ad has
    /// begun to end before `didFail`, so an app calling `dismiss()` from it changes nothing.
    func fail(_ error: VideoAdError) {
        guard wasShown, !hasEnded else { return }
        hasEnded = true
        if case .creativeFailed(let code) = error {
            runtime.send(.vastError(code: code, adId: id, format: format, playhead: owner.playerTracker.playhead))
        }
        record(.delegate, .didFail, level: .error, ["error": "\(error)"])
        delegate?.videoAd(self, didFail: error)
        takeOffScreen(.failed)
    }

    /// Takes the ad off the screen. Overlay and pause: `didEnd` synchronously. Linear: once the
    /// dismissal finished (at once when the surface is already gone).
    func end(_ reason: EndReason) {
        guard wasShown, !hasEnded else { return }
        hasEnded = true
        takeOffScreen(reason)
    }

    /// Stops the creative, takes it down and delivers `didEnd` (at once, or after a linear ad's dismissal).
    private func takeOffScreen(_ reason: EndReason) {
        tracking?.ended(reason)
        verification?.receive(.ended(reason))
        let presentation = onScreen
        onScreen = nil
        presentation?.stop()
        // A linear ad keeps its video on the surface until the dismissal finished.
        if format != .linear { releaseRenderer() }
        let finish: @MainActor () -> Void = { [self] in
            if format == .linear { releaseRenderer() }
            if sdk.adOnScreen === self { sdk.adOnScreen = nil }
            owner.forget(self)
            runtime.send(.ended(reason: reason, completed: isCompleted, adId: id, format: format, playhead: owner.playerTracker.playhead))
            record(.delegate, .didEnd, level: .info, ["reason": reason.rawValue, "completed": "\(isCompleted)"])
            delegate?.videoAd(self, didEnd: reason)
        }
        if let presentation {
            presentation.takeDown(reason: reason, completion: finish)
        } else {
            finish()
        }
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
