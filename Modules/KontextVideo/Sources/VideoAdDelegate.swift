/// Receives an ad's moments, on the main actor. Every method has an empty default.
///
/// Nothing is delivered before `show()`. After it: the impression and clicks, in no fixed
/// order, then exactly one `didEnd`, always last. Every method gets the ad first, so one
/// delegate can serve several ads.
@MainActor
public protocol VideoAdDelegate: AnyObject {
    /// The impression was counted: at `show()` for an image or HTML creative, at the first frame
    /// for a video. At most once; may not come at all, when the ad ends before.
    func videoAdDidRecordImpression(_ ad: VideoAd)
    /// The viewer tapped the ad; the SDK recorded the click and started opening its target. Once per tap.
    func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click)
    /// The ad broke after `show()` returned (`.creativeFailed(code:)` or `.presenterUnavailable`).
    /// `didEnd(.failed)` follows once the ad is cleaned up.
    func videoAd(_ ad: VideoAd, didFail error: VideoAdError)
    /// Presentation is over. Exactly once per successful `show()`, always last.
    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason)
}

extension VideoAdDelegate {
    /// Does nothing.
    public func videoAdDidRecordImpression(_ ad: VideoAd) {}
    /// Does nothing.
    public func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) {}
    /// Does nothing.
    public func videoAd(_ ad: VideoAd, didFail error: VideoAdError) {}
    /// Does nothing.
    public func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {}
}
