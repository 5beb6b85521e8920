import Foundation
import KontextVideoScheduling
import KontextVideoNetworking

/// The ads of one video. Create one per episode; creating it sends nothing. Any number can be alive at once.
///
/// Ask it for the ad of a format with ``format(_:)``, give it the player the episode plays in
/// with ``track(_:)-(AVPlayer)`` (or ``track(_:)-(VideoAdsPlayer)``), and ``destroy()`` it when
/// the episode is over.
///
/// ```swift
/// let ads = VideoAds(content: .init(id: "episode-1", language: "en"),
///                    labels: ["stage": "first_episode"])
/// ads.track(player)
/// let pause = try await ads.format(.pause)
/// // … later, when the viewer leaves the episode:
/// ads.destroy()
/// ```
@MainActor
public final class VideoAds {
    /// The video it was created with.
    public var content: KontextVideo.Content { core.content }

    /// `true` after ``destroy()``.
    public var isDestroyed: Bool { core.isDestroyed }

    /// What these ads asked for and hold; separate from the object so releasing the object can
    /// still destroy it.
    package let core: AdRequestBook

    /// Creates the ads of one video. Creating it sends nothing.
    ///
    /// Labels say where these ads play, such as the viewer's stage in the series or the player's
    /// layout. Every request of this object carries them, and your setup on Kontext's side decides
    /// what they change, such as which formats are offered. They are fixed for the object's life.
    ///
    /// ```swift
    /// let ads = VideoAds(content: KontextVideo.Content(id: "episode-1", language: "en"))
    /// let firstEpisode = VideoAds(content: content, labels: [
    ///     "stage": "first_episode", "layout": "fullscreen",
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - content: The video the ads are for: your `id` of it and its `language`, and whatever
    ///     else you know about it.
    ///   - labels: Optional key-values. Keys use `a-z`, `0-9` and `_`; values are not empty; both
    ///     are at most 64 bytes, with at most 20 pairs. Anything else is dropped with a console
    ///     warning.
    public init(content: KontextVideo.Content, labels: [String: String] = [:]) {
        let sanitized = LabelSanitizer.sanitize(labels, reportingTo: KontextVideo.shared.events)
        self.core = AdRequestBook(content: content, labels: sanitized.kept, launch: KontextVideo.shared.launch)
    }

    /// The ad for one format: the same ``VideoAd`` as last time while it is unshown and valid, a
    /// new one otherwise. A failed request returns the held ad when it is still valid.
    ///
    /// Concurrent calls for one format share one request. Every call answers within 16 seconds,
    /// whatever the server does: waiting for ``KontextVideo/initialize(with:)``, the retry of a
    /// failed initialization and the request's own retries all count. The one wait outside that
    /// bound is the tracking dialog the SDK shows (`requestTrackingAuthorization`): no request
    /// leaves before the viewer answered it, however long that takes; the time it was up counts
    /// toward the 16 seconds, so an answer after them leaves the request none (`request(.timedOut)`).
    ///
    /// ```swift
    /// do {
    ///     let ad = try await ads.format(.pause)
    ///     ad.delegate = self
    ///     try await ad.load()
    /// } catch VideoAdError.noFill(let reason) {
    ///     print("No pause ad:", reason)   // nothing to show this time
    /// }
    /// ```
    ///
    /// - Parameter format: `.overlay`, `.pause` or `.linear`.
    /// - Returns: The ad, not yet loaded: look at its facts, then ``VideoAd/load()`` or
    ///   ``VideoAd/reject(_:)`` it.
    /// - Throws: ``VideoAdError/noFill(reason:)`` (the server had nothing for this format),
    ///   ``VideoAdError/request(_:)`` (the request failed and no valid ad was held for the format),
    ///   ``VideoAdError/destroyed`` (this object was destroyed), ``VideoAdError/disabled(reason:)``
    ///   (the server switched the SDK off for this launch), ``VideoAdError/notInitialized``
    ///   (``KontextVideo/initialize(with:)`` was never called), ``VideoAdError/initializationFailed``
    ///   (the server could not be reached, and the retry failed too), or `CancellationError` when
    ///   your task is cancelled (the request itself continues, and its answer is kept for the next
    ///   call).
    public func format(_ format: AdFormat) async throws -> VideoAd {
        try await core.format(format)
    }

    /// The player this episode plays in, when it is not an `AVPlayer`: any player that conforms
    /// to ``VideoAdsPlayer``.
    ///
    /// The SDK reads its time for requests and events, and follows its playback for an overlay:
    /// an overlay shows over playing content only, and ends with `didEnd(.interrupted)` when the
    /// content pauses, ends, or the player moves to another item. Call it when this episode starts
    /// playing in the player; a later call replaces the player. Without a player, events carry 0
    /// (right for a prefetch) and an overlay runs on its own time. On iOS and tvOS an `AVPlayer`
    /// is passed as it is (`track(_: AVPlayer)`).
    ///
    /// ```swift
    /// ads.track(myPlayer)   // a player conforming to VideoAdsPlayer
    /// ```
    ///
    /// - Parameter player: The content's player. Held weakly; ``destroy()`` lets go of it. Ignored
    ///   after ``destroy()``.
    public func track(_ player: any VideoAdsPlayer) {
        guard !core.isDestroyed else { return }
        core.playerTracker.track(player)
    }

    /// Releases the video's ads: every held ad is dropped and the advertiser told it was not used;
    /// the ad on screen ends with `didEnd(.destroyed)`; a `format()` or `load()` in flight throws
    /// `destroyed`. Idempotent.
    ///
    /// Releasing the object does the same, best effort; call it yourself when the episode is over
    /// so it happens at a moment you choose. An overlay or pause ad on screen gets its
    /// `didEnd(.destroyed)` synchronously, from inside this call; a linear ad once its dismissal
    /// finished.
    ///
    /// A linear ad the SDK presents full screen makes your screen disappear too (UIKit calls
    /// `viewDidDisappear(_:)` right after the ad appears): destroy only when the screen itself
    /// goes away.
    ///
    /// ```swift
    /// override func viewDidDisappear(_ animated: Bool) {
    ///     super.viewDidDisappear(animated)
    ///     // Only when the screen is leaving: its view also disappears under a linear ad's
    ///     // full-screen presentation, and destroying then would end that ad.
    ///     guard isBeingDismissed || isMovingFromParent else { return }
    ///     ads.destroy()
    /// }
    /// ```
    public func destroy() {
        core.destroy()
    }

    deinit {
        // Releasing the object does the same as `destroy()`, best effort, on the main actor.
        let core = self.core
        // Already destroyed, as the app should have done: nothing to do, so no task (each costs
        // the main thread a run-loop turn). Read at once where a main-actor object is almost always
        // released, on the main thread; from elsewhere the task finds out.
        if Thread.isMainThread, MainActor.assumeIsolated({ core.isDestroyed }) { return }
        Task { @MainActor in core.destroy() }
    }
}
