// Stub of AVFAudio's `AVAudioSession` (which AVFoundation re-exports): the shared session, the
// system volume, and the interruption and route-change notifications with their user-info keys.
// Not on macOS (its pages list Mac Catalyst, not macOS). `AVAudioSession.InterruptionType` and
// `.InterruptionOptions` are not declared: their pages mark them deprecated in iOS and tvOS 27,
// so the SDK reads the user-info numbers itself (`AudioSessionNotice`).
import Foundation

// doc: /documentation/AVFAudio/AVAudioSession (`class AVAudioSession`: not main-actor isolated)
@available(iOS 3.0, tvOS 9.0, *)
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
