import Foundation

/// AVAudioSession's interruption and route-change notifications, read from the numbers their
/// `userInfo` carries, as playback signals. Kept portable so the reading is tested: the platform
/// glue passes the raw numbers and posts what comes back.
///
/// The numbers are the Objective-C constants' values: `AVAudioSessionInterruptionTypeBegan` 1,
/// `…Ended` 0, `AVAudioSessionInterruptionOptionShouldResume` 1 (a bit of the options), and
/// `AVAudioSessionRouteChangeReasonOldDeviceUnavailable` 2. They are read as numbers because
/// Apple's pages mark the Swift enum `AVAudioSession.InterruptionType` and the option set
/// `AVAudioSession.InterruptionOptions` deprecated in iOS and tvOS 27, while the notifications and
/// their keys are not (developer.apple.com/documentation/avfaudio/avaudiosession/interruptionnotification,
/// /avfaudio/avaudiosessioninterruptionoptionkey, /avfaudio/avaudiosessionroutechangereasonkey).
package enum AudioSessionNotice {
    /// `AVAudioSessionInterruptionTypeBegan`.
    package static let interruptionBegan: UInt = 1
    /// `AVAudioSessionInterruptionTypeEnded`.
    package static let interruptionEnded: UInt = 0
    /// `AVAudioSessionInterruptionOptionShouldResume`.
    package static let shouldResume: UInt = 1
    /// `AVAudioSessionRouteChangeReasonOldDeviceUnavailable`: headphones unplugged or disconnected.
    package static let oldDeviceUnavailable: UInt = 2

    /// The signal of an interruption notification with `type` (`AVAudioSessionInterruptionTypeKey`)
    /// and `options` (`AVAudioSessionInterruptionOptionKey`, present when it ended); `nil` for a
    /// notification without a type, or of a type this SDK does not know.
    package static func interruption(type: UInt?, options: UInt?) -> PlaybackSignal? {
        switch type {
        case interruptionBegan?: .audioInterruptionBegan
        case interruptionEnded?: .audioInterruptionEnded(shouldResume: (options ?? 0) & shouldResume != 0)
        default: nil
        }
    }

    /// The signal of a route change with `reason` (`AVAudioSessionRouteChangeReasonKey`): only the
    /// loss of the device the audio played through matters to playback (AVPlayer pauses then);
    /// a new device, a category change and the rest change nothing.
    package static func routeChange(reason: UInt?) -> PlaybackSignal? {
        reason == oldDeviceUnavailable ? .audioOutputLost : nil
    }
}
