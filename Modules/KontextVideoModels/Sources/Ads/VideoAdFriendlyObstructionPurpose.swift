/// Why a view drawn over an ad is there: the purposes the Open Measurement SDK accepts for a
/// friendly obstruction (`OMIDFriendlyObstructionType`), a view its viewability measurement leaves
/// out because it belongs to the ad experience.
public enum VideoAdFriendlyObstructionPurpose: String, Sendable, Hashable, CaseIterable {
    /// A control of the video: Skip, its countdown, play or pause (`.mediaControls`).
    case mediaControls
    /// A control that closes the ad: the ✕ of an overlay, a pause card or an end card (`.closeAd`).
    case closeAd
    /// A view that does not visibly cover the ad but may seem to (`.notVisible`).
    case notVisible
    /// Any other purpose, such as the "Ad" badge (`.other`).
    case other
}
