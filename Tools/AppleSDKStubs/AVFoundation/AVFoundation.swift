// Stub of Apple's `AVFoundation`: the player, its item and its layer. In the current SDK
// `AVPlayer` (and `AVPlayerItem`) are `@MainActor` classes whose Objective-C members are
// `nonisolated`, as their pages show; `AVPlayerLayer` is a plain (non-isolated) CALayer.
@_exported import Foundation
@_exported import CoreMedia
@_exported import QuartzCore
import Dispatch

// doc: /documentation/AVFoundation/AVPlayer
@available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
@MainActor open class AVPlayer: NSObject {
    // doc: /documentation/AVFoundation/AVPlayer/init()
    nonisolated public override init() { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/init(url:)-87cxx
    nonisolated public init(url URL: URL) { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/init(playerItem:)
    nonisolated public init(playerItem item: AVPlayerItem?) { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/currentItem
    nonisolated open var currentItem: AVPlayerItem? { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/rate
    nonisolated open var rate: Float { get { fatalError() } set {} }
    // doc: /documentation/AVFoundation/AVPlayer/timeControlStatus-swift.property
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, *)
    nonisolated open var timeControlStatus: AVPlayer.TimeControlStatus { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/isExternalPlaybackActive ("whether the player is
    // currently playing video in external playback mode"; the page lists iOS 6.0, macOS 10.11 and
    // tvOS 9.0: no visionOS)
    @available(iOS 6.0, macOS 10.11, tvOS 9.0, *)
    @available(visionOS, unavailable)
    nonisolated open var isExternalPlaybackActive: Bool { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/pause()
    nonisolated open func pause() {}
    // doc: /documentation/AVFoundation/AVPlayer/play()
    nonisolated open func play() {}
    // doc: /documentation/AVFoundation/AVPlayer/currentTime()
    nonisolated open func currentTime() -> CMTime { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/seek(to:)-87h2r
    nonisolated open func seek(to time: CMTime) {}
    // doc: /documentation/AVFoundation/AVPlayer/isMuted
    @available(iOS 7.0, macOS 10.7, tvOS 9.0, *)
    nonisolated open var isMuted: Bool { get { fatalError() } set {} }
    // doc: /documentation/AVFoundation/AVPlayer/volume
    @available(iOS 7.0, macOS 10.7, tvOS 9.0, *)
    nonisolated open var volume: Float { get { fatalError() } set {} }
    // doc: /documentation/AVFoundation/AVPlayer/addPeriodicTimeObserver(forInterval:queue:using:)
    @discardableResult nonisolated open func addPeriodicTimeObserver(forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void) -> Any { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayer/removeTimeObserver(_:)
    nonisolated open func removeTimeObserver(_ observer: Any) {}

    // doc: /documentation/AVFoundation/AVPlayer/TimeControlStatus-swift.enum
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, *)
    public enum TimeControlStatus: Int, Sendable {
        // doc: /documentation/AVFoundation/AVPlayer/TimeControlStatus-swift.enum/paused
        case paused = 0
        // doc: /documentation/AVFoundation/AVPlayer/TimeControlStatus-swift.enum/waitingToPlayAtSpecifiedRate
        case waitingToPlayAtSpecifiedRate = 1
        // doc: /documentation/AVFoundation/AVPlayer/TimeControlStatus-swift.enum/playing
        case playing = 2
    }
}

// doc: /documentation/AVFoundation/AVPlayerItem (`@MainActor class AVPlayerItem`; its members' pages mark them `nonisolated`)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
@MainActor open class AVPlayerItem: NSObject {
    nonisolated override init() { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerItem/init(url:)-1xrtk
    nonisolated public convenience init(url URL: URL) { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerItem/status-swift.property
    nonisolated open var status: AVPlayerItem.Status { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerItem/duration
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, *)
    nonisolated open var duration: CMTime { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerItem/currentTime()
    nonisolated open func currentTime() -> CMTime { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerItem/error
    nonisolated open var error: (any Error)? { fatalError() }

    // doc: /documentation/AVFoundation/AVPlayerItem/Status-swift.enum
    public enum Status: Int, Sendable {
        // doc: /documentation/AVFoundation/AVPlayerItem/Status-swift.enum/unknown
        case unknown = 0
        // doc: /documentation/AVFoundation/AVPlayerItem/Status-swift.enum/readyToPlay
        case readyToPlay = 1
        // doc-missing: /documentation/AVFoundation/AVPlayerItem/Status-swift.enum/failed (no page in the corpus; the enum's page lists the case)
        case failed = 2
    }

    // doc: /documentation/AVFoundation/AVPlayerItem/didPlayToEndTimeNotification
    @available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
    public static let didPlayToEndTimeNotification = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    // doc: /documentation/AVFoundation/AVPlayerItem/timeJumpedNotification (`class let`; "The notification’s
    // object is the player item"; the system may post it on another thread)
    @available(iOS 5.0, macOS 10.7, tvOS 9.0, *)
    public static let timeJumpedNotification = NSNotification.Name("AVPlayerItemTimeJumpedNotification")
    // doc: /documentation/AVFoundation/AVPlayerItem/failedToPlayToEndTimeNotification
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, *)
    public static let failedToPlayToEndTimeNotification = NSNotification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
}

// doc: /documentation/AVFoundation/AVPlayerLayer
@available(iOS 4.0, macOS 10.7, tvOS 9.0, visionOS 1.0, *)
open class AVPlayerLayer: CALayer {
    // doc: /documentation/AVFoundation/AVPlayerLayer/init(player:)
    public convenience init(player: AVPlayer?) { fatalError() }
    // doc: /documentation/AVFoundation/AVPlayerLayer/player
    open var player: AVPlayer? { get { fatalError() } set {} }
    // doc: /documentation/AVFoundation/AVPlayerLayer/isReadyForDisplay
    open var isReadyForDisplay: Bool { fatalError() }
}

// doc: /documentation/AVFoundation/AVLayerVideoGravity (the page gives no version for any platform)
public struct AVLayerVideoGravity: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // doc: /documentation/AVFoundation/AVLayerVideoGravity/resize
    @available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
}
