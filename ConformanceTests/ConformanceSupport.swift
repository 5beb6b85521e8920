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

/// An overlay or pause ad of `format`, loaded, its delegate recording, shown in a new
/// `HeadlessView`.
@MainActor
func shownAd(_ ads: VideoAds, _ format: AdFormat) async throws -> (ad: VideoAd, delegate: RecordingDelegate, view: HeadlessView) {
    let ad = try await loadedAd(ads, format)
    let delegate = RecordingDelegate()
    ad.delegate = delegate
    let view = HeadlessView()
    try ad.show(in: view)
    return (ad, delegate, view)
}

extension KontextVideo.Content {
    /// The episode most conformance tests ask ads for.
    static let episodeOne = KontextVideo.Content(id: "episode-1", language: "en")
}

/// Runs `body` in a `KontextVideoHarness` whose SDK was initialized with the harness's defaults
/// (the sandbox answers enabled), as most conformance tests start.
@MainActor
func withInitializedSDK<Value>(_ body: @MainActor (KontextVideoHarness) async throws -> Value) async throws -> Value {
    try await KontextVideoHarness.run { harness in
        await harness.initialize()
        return try await body(harness)
    }
}
