import Foundation

/// A moment in the playback of a linear ad, as the player reports it to `LinearTracker`.
package enum LinearPlaybackMoment: Sendable, Equatable {
    /// The first frame is on screen: impression, `creativeView`, `start`.
    case firstFrame
    /// The ad playhead reached `position` seconds; `duration` is the player's duration when known.
    case progress(position: Double, duration: Double?)
    /// The user or the app paused the ad.
    case pause
    /// Playback resumed after a pause.
    case resume
    /// The ad was muted.
    case mute
    /// The ad was unmuted.
    case unmute
    /// The user skipped the ad.
    case skip
    /// The video played to its end.
    case complete
    /// The end card appeared.
    case endCardShown
    /// The user closed the end card (`closeLinear`).
    case closeEndCard
    /// The user clicked the video (click tracking; the click-through is the caller's).
    case click
    /// The user clicked the end card (its `CompanionClickTracking`).
    case endCardClick
    /// The icon at this index of `ResolvedLinearAd.icons` was drawn (its `IconViewTracking`, once).
    case iconView(Int)
    /// The viewer clicked the icon at this index (its `IconClickTracking`, every time; no ad click).
    case iconClick(Int)
    /// Playback failed with a VAST error code (the ad's `<Error>` URLs).
    case error(VASTErrorCode)
    /// The ad was rejected before it played (`notUsed`), with an optional `[REASON]`.
    case notUsed(reason: String?)
}
