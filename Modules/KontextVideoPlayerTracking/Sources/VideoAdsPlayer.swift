import Foundation
#if canImport(Combine)
import Combine
#endif

/// What the SDK reads from a player that is not an `AVPlayer`.
///
/// Conform your player, or a small wrapper around it, and pass it to `VideoAds.track(_:)`.
/// The SDK holds it weakly and reads it on the main actor: `currentTime` for the playhead of
/// requests and events, and, while an overlay is on screen, `isPlaying` and `currentTime` to
/// end the overlay when the content stops and to count the overlay's duration.
///
/// ```swift
/// extension MyPlayer: VideoAdsPlayer {
///     var currentTime: TimeInterval { position }
///     var isPlaying: Bool { state == .playing || state == .buffering }
/// }
///
/// ads.track(myPlayer)
/// ```
///
/// An overlay's `duration` counts how far `currentTime` moves. The SDK does not know a custom
/// player's seeks or speed, so it treats a jump faster than about 4× real time as a seek and
/// counts nothing for it; a small seek, or one right after a long stall, may count. With an
/// `AVPlayer` the SDK uses the player's own speed and seek events.
///
/// Report changes of `isPlaying` through `isPlayingUpdates` (or, on Apple platforms,
/// `isPlayingPublisher`) so an overlay ends at once when the content pauses; without either, the
/// SDK reads `isPlaying` four times a second while an overlay is on screen.
@MainActor
public protocol VideoAdsPlayer: AnyObject {
    /// Where the content is, in seconds of the episode. Negative or non-finite values read as 0.
    var currentTime: TimeInterval { get }

    /// `false` when the viewer or your app paused the content, or it ended.
    /// Buffering and seeking count as playing.
    var isPlaying: Bool { get }

    /// Optional: a stream that yields whenever `isPlaying` changes, so an overlay ends at once
    /// when the content pauses. Return a new stream on every read (each overlay reads it once
    /// and iterates it until the overlay ends). Without it (`nil`, the default) the SDK reads
    /// `isPlaying` four times a second while an overlay is on screen.
    ///
    /// ```swift
    /// var isPlayingUpdates: AsyncStream<Bool>? {
    ///     AsyncStream { continuation in
    ///         let token = addStateObserver { state in
    ///             continuation.yield(state == .playing)
    ///         }
    ///         continuation.onTermination = { _ in token.cancel() }
    ///     }
    /// }
    /// ```
    var isPlayingUpdates: AsyncStream<Bool>? { get }

    /// Optional: identifies the item (episode) the player is on. When it changes while an
    /// overlay is on screen, the overlay ends with `.interrupted`. `nil` (the default) means
    /// the player does not report items.
    var currentItemIdentifier: AnyHashable? { get }

    // The reference's optional publisher. Combine exists on Apple platforms only, so this one
    // requirement (and its default, below) is there only: elsewhere `isPlayingUpdates` does the
    // same job.
    #if canImport(Combine)
    /// Optional: emits whenever `isPlaying` changes, so an overlay ends at once.
    /// Without it (`nil`, the default) the SDK reads `isPlaying` four times a second while an
    /// overlay is on screen. Apple platforms only (Combine); `isPlayingUpdates` works everywhere,
    /// and wins when a player offers both.
    ///
    /// ```swift
    /// var isPlayingPublisher: AnyPublisher<Bool, Never>? {
    ///     $state.map { $0 == .playing || $0 == .buffering }.eraseToAnyPublisher()
    /// }
    /// ```
    var isPlayingPublisher: AnyPublisher<Bool, Never>? { get }
    #endif
}

extension VideoAdsPlayer {
    /// No stream by default: the SDK polls `isPlaying` while an overlay is on screen.
    public var isPlayingUpdates: AsyncStream<Bool>? { nil }

    /// No item reporting by default.
    public var currentItemIdentifier: AnyHashable? { nil }

    #if canImport(Combine)
    /// No publisher by default: the SDK polls `isPlaying` while an overlay is on screen.
    public var isPlayingPublisher: AnyPublisher<Bool, Never>? { nil }
    #endif

    /// The stream of `isPlaying` changes the SDK follows for one overlay: `isPlayingUpdates` if
    /// the player offers it, otherwise (on Apple platforms) `isPlayingPublisher` as a stream,
    /// otherwise `nil`.
    package func makePlayingUpdates() -> AsyncStream<Bool>? {
        if let updates = isPlayingUpdates { return updates }
        #if canImport(Combine)
        return isPlayingPublisher.map(AsyncStream.init(values:))
        #else
        return nil
        #endif
    }
}
