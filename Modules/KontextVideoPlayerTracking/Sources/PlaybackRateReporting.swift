import Foundation

/// A player that knows its own playback speed (an `AVPlayer`). For such a player the SDK
/// judges `currentTime` jumps against that speed instead of the 4× rule for custom players.
@MainActor
package protocol PlaybackRateReporting: AnyObject {
    /// The speed the content plays at (1 = normal), or `nil` when unknown.
    var playbackRate: Double? { get }
}
