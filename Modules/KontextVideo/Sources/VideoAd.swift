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

    // MARK: State (views of the lifecycle's phase)

    /// `true` once ``load()`` finished.
    public var isLoaded: Bool { lifecycle.isLoaded }
    /// Why the ad ended before it was shown, once it did: `.expired`, `.rejected`, `.destroyed`,
    /// `.creativeFailed(code:)`. `nil` while it is valid, and for a shown ad.
    public var invalidationReason: InvalidationReason? { lifecycle.invalidationReason }
    /// `true` from a successful `show()` on.
    public var wasShown: Bool { lifecycle.wasShown }
    /// `true` once the ad began to end. `didEnd` follows at once for an overlay or pause ad, and
    /// once the dismissal finished for a linear ad.
    public var hasEnded: Bool { lifecycle.hasEnded }
    /// Whether the creative ran to its end: a video reached complete, an overlay's duration elapsed.
    /// Separate from how it left the screen: a linear ad whose end card the viewer closed ends
    /// with `.closed` and `isCompleted == true`.
    public var isCompleted: Bool { lifecycle.isCompleted }
    /// Receives the ad's moments: the impression, clicks, a failure on screen and the end. Held
    /// weakly: keep your delegate alive while the ad is shown.
    public weak var delegate: (any VideoAdDelegate)?

    /// Loaded, not shown, not rejected, not expired: `show()` can be tried. A hint, not a guarantee;
    /// `show()` still measures the view.
    public var isReady: Bool {
        expireIfDue()
        return lifecycle.phase == .loaded && !owner.isDestroyed
    }

    // MARK: Inner parts

    /// The server's answer this ad was made from.
    package let served: ServedAd
    /// Where the ad stands: the one source of its state.
    var lifecycle: VideoAdLifecycle
    /// Its `VideoAds` and the runtime that served it; the SDK's session through them.
    let context: AdContext
    /// The creative at work, from `load()` on.
    var live: LiveCreative?
    /// The ad's place in the runtime's expiry timer, until it was shown or ended.
    var expiryTicket: DeadlineTimer.Ticket?

    /// The creative's renderer, from `load()` until the ad ends.
    package var renderer: (any CreativeRenderer)? { live?.renderer }
    /// The request book of the `VideoAds` the ad came from.
    var owner: AdRequestBook { context.owner }
    /// The runtime of the session the ad was served in.
    var runtime: SDKRuntime { context.runtime }

    /// The ad the server's `served` answer becomes, received at `receivedAt` on the runtime's
    /// clock. Made where the answer arrived, off the main actor: copying the answer and making the
    /// object are work the main thread need not do. It takes part in nothing until `arrived(requestId:)`.
    nonisolated init(served: ServedAd, context: AdContext, receivedAt: Duration) {
        self.served = served
        self.id = served.id
        self.format = served.format
        self.duration = served.format == .pause ? nil : served.duration
        self.context = context
        self.lifecycle = VideoAdLifecycle(
            format: served.format, expiresAt: receivedAt + served.expiresIn,
            endsOnResume: served.format == .pause && served.creative.fullScreen)
    }

    /// The ad is the request's outcome, on the main actor: it expires on the runtime's timer from
    /// now on, and its arrival is recorded.
    func arrived(requestId: UUID?) {
        // Held strongly (a weak capture costs a box and a side table): its `VideoAds` holds it until
        // the entry is cancelled anyway, and a stopped timer forgets it.
        expiryTicket = runtime.expiryTimer.schedule(at: lifecycle.expiresAt) { [self] in expireIfDue() }
        record(.state, .adReceived, level: .info, served.receivedAttributes(requestId: requestId))
    }

    /// Unshown and not invalidated: `format()` hands it out again.
    var isHeldValid: Bool {
        expireIfDue()
        return lifecycle.isHeldValid
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
        try VideoAdCallState.reporting(self, "reject(\(reason))") {
            expireIfDue()
            run(try lifecycle.handle(.reject(reason)))
        }
    }

    /// The throws every method shares, in the reference's order of precedence.
    func checkUsable() throws {
        if owner.isDestroyed { throw VideoAdError.destroyed }
        if case .disabled(let reason)? = context.session.currentState { throw VideoAdError.disabled(reason: reason) }
        expireIfDue()
        if let invalidationReason = lifecycle.invalidationReason { throw VideoAdError.invalidated(invalidationReason) }
    }

    /// Expires the ad once the server's expiry passed, unless it was shown or ended before.
    func expireIfDue() {
        apply(.expiryCheck(now: runtime.clock.now))
    }
}
