// Stub of AVFAudio's `AVAudioSession` (AVFoundation re-exports AVFAudio): what an app sets up for
// playback, the system volume, and the interruption and route-change notifications with their
// user-info keys. Not on macOS (its pages list Mac Catalyst, not macOS).
// The setters carry KONTEXT-APP-ONLY (Scripts/apple-typecheck): the audio session is the app's,
// and the SDK never changes it, so a call from SDK code fails the type-check while the example app
// may make it. That attribute is ours, not Apple's.
// `AVAudioSession.InterruptionType` and `.InterruptionOptions` are not declared: their pages mark
// them deprecated in iOS and tvOS 27, so the SDK reads the user-info numbers itself
// (`AudioSessionNotice`).
@_exported import Foundation

// doc: /documentation/AVFAudio/AVAudioSession (`class AVAudioSession`: not main-actor isolated)
@available(iOS 3.0, tvOS 9.0, visionOS 1.0, *)
@available(macOS, unavailable)
open class AVAudioSession: NSObject {
    // doc: /documentation/AVFAudio/AVAudioSession/sharedInstance()
    open class func sharedInstance() -> AVAudioSession { fatalError() }

    // doc: /documentation/AVFAudio/AVAudioSession/outputVolume ("You can observe changes to the value of this property by using Key-value observing")
    @available(iOS 6.0, tvOS 9.0, *)
    open var outputVolume: Float { fatalError() }
    // doc: /documentation/AVFAudio/AVAudioSession/interruptionNotification
    @available(iOS 6.0, tvOS 9.0, *)
    public static let interruptionNotification = NSNotification.Name("AVAudioSessionInterruptionNotification")
    // doc: /documentation/AVFAudio/AVAudioSession/routeChangeNotification ("The system posts this notification on a secondary thread")
    @available(iOS 6.0, tvOS 9.0, *)
    public static let routeChangeNotification = NSNotification.Name("AVAudioSessionRouteChangeNotification")

    // doc: /documentation/AVFAudio/AVAudioSession/setCategory(_:mode:options:)
    @available(iOS 10.0, tvOS 10.0, visionOS 1.0, *)
    @available(*, deprecated, message: "KONTEXT-APP-ONLY: the SDK never changes the app's audio session; the app sets its category")
    open func setCategory(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode, options: AVAudioSession.CategoryOptions = []) throws {}

    // doc?: /documentation/AVFAudio/AVAudioSession/setActive(_:options:)
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(*, deprecated, message: "KONTEXT-APP-ONLY: the SDK never activates or deactivates the app's audio session")
    open func setActive(_ active: Bool, options: AVAudioSession.SetActiveOptions = []) throws {}

    // doc?: /documentation/AVFAudio/AVAudioSession/Category-swift.struct
    public struct Category: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // doc: /documentation/AVFAudio/AVAudioSession/Category-swift.struct/playback ("your app
        // audio continues with the Silent switch set to silent or when the screen locks")
        @available(iOS 3.0, tvOS 9.0, visionOS 1.0, *)
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
    }

    // doc?: /documentation/AVFAudio/AVAudioSession/Mode-swift.struct
    public struct Mode: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // doc: /documentation/AVFAudio/AVAudioSession/Mode-swift.struct/moviePlayback
        @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
    }

    // doc?: /documentation/AVFAudio/AVAudioSession/CategoryOptions-swift.struct
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    // doc?: /documentation/AVFAudio/AVAudioSession/SetActiveOptions
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
}

// doc: /documentation/AVFAudio/AVAudioSessionInterruptionTypeKey
@available(iOS 6.0, tvOS 9.0, *)
@available(macOS, unavailable)
public let AVAudioSessionInterruptionTypeKey: String = "AVAudioSessionInterruptionTypeKey"
// doc: /documentation/AVFAudio/AVAudioSessionInterruptionOptionKey
@available(iOS 6.0, tvOS 9.0, *)
@available(macOS, unavailable)
public let AVAudioSessionInterruptionOptionKey: String = "AVAudioSessionInterruptionOptionKey"
// doc: /documentation/AVFAudio/AVAudioSessionRouteChangeReasonKey
@available(iOS 6.0, tvOS 9.0, *)
@available(macOS, unavailable)
public let AVAudioSessionRouteChangeReasonKey: String = "AVAudioSessionRouteChangeReasonKey"
