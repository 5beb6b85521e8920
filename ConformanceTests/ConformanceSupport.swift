import Foundation
import KontextVideo
import KontextVideoTesting

// Helpers shared by the conformance suites. Everything here goes through the public API only.

/// The ad of `format`, loaded.
@MainActor
func loadedAd(_ ads: VideoAds, _ format: AdFormat) async throws -> VideoAd {
    let ad = try await ads.format(format)
    try await ad.load()
    return ad
}

/// A `VideoAdsPlayer` wrapper that counts the SDK's reads.
@MainActor
final class CountingPlayer: VideoAdsPlayer {
    let inner: HeadlessPlayer
    var isPlayingReads = 0
    var currentTimeReads = 0

    init(_ inner: HeadlessPlayer) {
        self.inner = inner
    }

    var currentTime: TimeInterval {
        currentTimeReads += 1
        return inner.currentTime
    }

    var isPlaying: Bool {
        isPlayingReads += 1
        return inner.isPlaying
    }

    var currentItemIdentifier: AnyHashable? { inner.currentItemIdentifier }
}
