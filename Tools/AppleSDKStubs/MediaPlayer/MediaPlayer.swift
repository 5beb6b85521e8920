// Stub of Apple's `MediaPlayer`: only the remote command center (play, pause, toggle) and the
// Now Playing info center's info, which the SDK reads and never sets. The pages show plain
// (non-isolated) classes.
@_exported import Foundation

// doc: /documentation/MediaPlayer/MPRemoteCommandCenter
@available(iOS 7.1, macOS 10.12.2, tvOS 7.1, *)
open class MPRemoteCommandCenter: NSObject {
    // doc: /documentation/MediaPlayer/MPRemoteCommandCenter/shared()
    open class func shared() -> MPRemoteCommandCenter { fatalError() }
    // doc?: /documentation/MediaPlayer/MPRemoteCommandCenter/playCommand
    open var playCommand: MPRemoteCommand { fatalError() }
    // doc?: /documentation/MediaPlayer/MPRemoteCommandCenter/pauseCommand
    open var pauseCommand: MPRemoteCommand { fatalError() }
    // doc: /documentation/MediaPlayer/MPRemoteCommandCenter/togglePlayPauseCommand
    open var togglePlayPauseCommand: MPRemoteCommand { fatalError() }
}

// doc: /documentation/MediaPlayer/MPRemoteCommand
@available(iOS 7.1, macOS 10.12.2, tvOS 7.1, *)
open class MPRemoteCommand: NSObject {
    // doc: /documentation/MediaPlayer/MPRemoteCommand/isEnabled
    open var isEnabled: Bool { get { fatalError() } set {} }
    // doc: /documentation/MediaPlayer/MPRemoteCommand/addTarget(handler:)
    @discardableResult open func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any { fatalError() }
    // doc?: /documentation/MediaPlayer/MPRemoteCommand/removeTarget(_:)
    open func removeTarget(_ target: Any?) {}
}

// doc?: /documentation/MediaPlayer/MPRemoteCommandEvent
@available(iOS 7.1, macOS 10.12.2, tvOS 7.1, *)
open class MPRemoteCommandEvent: NSObject {}

// doc?: /documentation/MediaPlayer/MPRemoteCommandHandlerStatus
@available(iOS 7.1, macOS 10.12.2, tvOS 7.1, *)
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    case success = 0
    case noSuchContent = 100
    case noActionableNowPlayingItem = 110
    case deviceNotFound = 120
    case commandFailed = 200
}

// doc?: /documentation/MediaPlayer/MPNowPlayingInfoCenter
@available(iOS 5.0, macOS 10.12.2, tvOS 5.0, *)
open class MPNowPlayingInfoCenter: NSObject {
    // doc: /documentation/MediaPlayer/MPNowPlayingInfoCenter/default()
    open class func `default`() -> MPNowPlayingInfoCenter { fatalError() }
    // doc?: /documentation/MediaPlayer/MPNowPlayingInfoCenter/nowPlayingInfo
    open var nowPlayingInfo: [String: Any]? { get { fatalError() } set {} }
}
