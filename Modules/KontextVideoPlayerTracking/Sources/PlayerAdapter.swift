import Foundation

/// A `VideoAdsPlayer` that stands for another player the SDK must not extend publicly (an
/// `AVPlayer`: extending it would add `isPlaying` and `currentTime` to every player in the app).
/// It holds that player weakly and says when it is gone.
@MainActor
package protocol PlayerAdapter: VideoAdsPlayer {
    /// Whether the wrapped player still exists.
    var isWrappedPlayerAlive: Bool { get }
}
