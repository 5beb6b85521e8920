import Foundation
import KontextVideoPlayerTracking
import KontextVideoTestSupport

/// A headless player that reports its own rate, like an `AVPlayer`.
@MainActor
final class RateReportingPlayer: PlaybackRateReporting, VideoAdsPlayer {
    let inner: HeadlessPlayer
    init(_ inner: HeadlessPlayer) { self.inner = inner }
    var currentTime: TimeInterval { inner.currentTime }
    var isPlaying: Bool { inner.isPlaying }
    var playbackRate: Double? { inner.rate }
}
