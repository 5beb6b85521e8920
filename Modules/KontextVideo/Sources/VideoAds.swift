import Foundation
import KontextVideoScheduling
import KontextVideoNetworking

/// The ads of one video. Create one per episode; creating it sends nothing. Any number can be alive at once.
@MainActor
public final class VideoAds {
    /// What it was created with.
    public let content: KontextVideo.Content

    /// `true` after `destroy()`.
    public var isDestroyed: Bool { core.isDestroyed }

    /// The state; separate from the object so releasing the object can still destroy it.
    package let core: VideoAdsCore

    /// Creates the ads of one video. `labels` are key-values that say where these ads play; every
    /// request of this object carries them. Keys use `a-z`, `0-9` and `_`; values are not empty; both
    /// are at most 64 bytes, with at most 20 pairs. Anything else is dropped with a console warning.
    public init(content: KontextVideo.Content, labels: [String: String] = [:]) {
        self.content = content
        let sanitized = LabelSanitizer.sanitize(labels, reportingTo: KontextVideo.shared.events)
        self.core = VideoAdsCore(content: content, labels: sanitized.kept, sdk: .shared)
    }

    /// The ad for one format: the same `VideoAd` as last time while it is unshown and valid, a new one
    /// otherwise. A failed request returns the held ad when it is still valid.
    ///
    /// Throws `noFill(reason:)`, `request(_:)`, `destroyed`, `disabled(reason:)`, `notInitialized`,
    /// `initializationFailed`, or `CancellationError` when the calling task is cancelled (the request
    /// itself continues and its answer is kept for the next call).
    public func format(_ format: AdFormat) async throws -> VideoAd {
        do {
            return try await core.format(format)
        } catch let error as VideoAdError where error.isRequestOutcome {
            throw error   // reported with its request's id where the request ended
        } catch {
            core.sdk.reportThrown(error, call: "format(.\(format.rawValue))", state: core.stateDescription)
            throw error
        }
    }

    /// The player this episode plays in. Held weakly; `destroy()` lets go of it.
    public func track(_ player: any VideoAdsPlayer) {
        guard !core.isDestroyed else { return }
        core.playerTracker.track(player)
    }

    /// Releases the video's ads: every held ad is dropped and the advertiser told it was not used;
    /// the ad on screen ends with `didEnd(.destroyed)`; a `format()` or `load()` in flight throws
    /// `destroyed`. Idempotent.
    public func destroy() {
        core.destroy()
    }

    deinit {
        // Releasing the object does the same as `destroy()`, best effort, on the main actor.
        let core = self.core
        Task { @MainActor in core.destroy() }
    }
}
