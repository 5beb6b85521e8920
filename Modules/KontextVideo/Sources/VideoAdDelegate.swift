/// Receives an ad's moments, on the main actor. Every method has an empty default.
///
/// Nothing is delivered before `show()`. After it: the impression and clicks, in no fixed
/// order, then exactly one `didEnd`, always last. Every method gets the ad first, so one
/// delegate can serve several ads.
///
/// ```swift
/// extension PlayerViewController: VideoAdDelegate {
///     func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
///         switch ad.format {
///         case .linear:   // the break is over
///             if reason != .destroyed { player.play() }
///         case .pause:    // Resume tapped; a ✕ leaves it paused
///             if reason == .resumed { player.play() }
///         case .overlay:  // the content never stopped
///             break
///         }
///     }
/// }
/// ```
///
/// See <doc:the-life-of-an-ad> for which end reasons mean "resume the content".
@MainActor
public protocol VideoAdDelegate: AnyObject {
    /// The impression was counted: at `show()` for an image or HTML creative, at the first frame
    /// for a video. At most once; may not come at all, when the ad ends before.
    ///
    /// ```swift
    /// func videoAdDidRecordImpression(_ ad: VideoAd) {
    ///     analytics.log("ad_impression", ["format": ad.format.rawValue,
    ///                                     "cpm": ad.price.value])
    /// }
    /// ```
    ///
    /// - Parameter ad: The ad whose impression was counted.
    func videoAdDidRecordImpression(_ ad: VideoAd)
    /// The viewer tapped the ad. The SDK recorded the click and started opening its target: the
    /// URL, its fallback when the first cannot open, or for an app-install ad the App Store product
    /// sheet inside your app. Delivered as the opening starts, so whether anything opened, and
    /// which, is not reported. Once per tap.
    ///
    /// ```swift
    /// func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) {
    ///     player.pause()   // the viewer is leaving for the advertiser's page
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - ad: The ad that was tapped.
    ///   - click: Where the viewer tapped: `.creative`, `.endCard` (a linear ad's end card) or
    ///     `.other(String)`, a label of the creative's own such as `"cta"`.
    func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click)
    /// The ad broke after `show()` returned. `didEnd(.failed)` follows once the ad is cleaned up:
    /// at once for an overlay or pause ad, after its dismissal for a linear ad.
    ///
    /// ```swift
    /// func videoAd(_ ad: VideoAd, didFail error: VideoAdError) {
    ///     log.error("Kontext ad \(ad.id) failed: \(error)")   // resume in didEnd
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - ad: The ad that failed.
    ///   - error: ``VideoAdError/creativeFailed(code:)`` (the creative failed or stalled on screen;
    ///     `code` is the VAST error code, the creative's own or 405) or
    ///     ``VideoAdError/presenterUnavailable`` (UIKit never presented the linear ad).
    func videoAd(_ ad: VideoAd, didFail error: VideoAdError)
    /// Presentation is over. Exactly once per successful `show()`, always last.
    ///
    /// Resume your content here, deciding from the format and `reason`: a pause card's ✕ leaves
    /// the content paused. For an overlay or pause ad it comes synchronously, even from inside
    /// your own `dismiss()` or `destroy()`. For a linear ad it comes once the dismissal finished,
    /// so you can present your next screen from it.
    ///
    /// ```swift
    /// func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
    ///     let breakIsOver = ad.format == .linear && reason != .destroyed
    ///     if breakIsOver || reason == .resumed {
    ///         player.play()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - ad: The ad that ended. Whether its creative ran to its end is `ad.isCompleted`.
    ///   - reason: Who or what took the ad off the screen; see ``VideoAdEndReason``.
    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason)
}

extension VideoAdDelegate {
    /// Does nothing.
    /// - Parameter ad: The ad whose impression was counted.
    public func videoAdDidRecordImpression(_ ad: VideoAd) {}
    /// Does nothing.
    /// - Parameters:
    ///   - ad: The ad that was tapped.
    ///   - click: Where the viewer tapped.
    public func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) {}
    /// Does nothing.
    /// - Parameters:
    ///   - ad: The ad that failed.
    ///   - error: What broke.
    public func videoAd(_ ad: VideoAd, didFail error: VideoAdError) {}
    /// Does nothing.
    /// - Parameters:
    ///   - ad: The ad that ended.
    ///   - reason: Who or what took it off the screen.
    public func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {}
}
