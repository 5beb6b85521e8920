import KontextVideoModels

/// What the server answered an ad request with, when it answered.
package enum AdAnswer: Sendable, Hashable {
    /// An ad to load and show.
    case ad(ServedAd)
    /// Nothing for this format, and why.
    case noFill(VideoAdError.NoFillReason)
}
