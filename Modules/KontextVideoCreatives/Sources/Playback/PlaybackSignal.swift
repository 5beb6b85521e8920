import Foundation

/// What the world around a linear ad's player tells its playback: the app's lifecycle, the
/// audio session, the volume and the viewer leaving for a click-through. The platform glue and
/// the facade translate their own notifications into these; `LinearPlaybackSession` decides
/// what each one means. Renderers of other creatives ignore them.
package enum PlaybackSignal: Sendable, Hashable {
    /// The app came to the foreground (`true`) or went to the background (`false`).
    case applicationActive(Bool)
    /// Another audio session interrupted the app's (a call, Siri, an alarm); AVPlayer has paused.
    case audioInterruptionBegan
    /// The interruption ended; `shouldResume` is the system's `.shouldResume` option.
    case audioInterruptionEnded(shouldResume: Bool)
    /// The audio route lost the device it played through (headphones unplugged or
    /// disconnected: `oldDeviceUnavailable`); AVPlayer has paused.
    case audioOutputLost
    /// The system's output volume, 0…1 (0 is muted).
    case outputVolume(Float)
    /// A click-through opened and took the viewer away from the ad.
    case clickThroughOpened(ClickThroughKind)
    /// A click-through the SDK presented inside the app (the App Store product sheet) was dismissed.
    case clickThroughClosed
    /// The system's closed-captioning setting is on (`true`) or off: the glue reads
    /// `UIAccessibility.isClosedCaptioningEnabled` at the start and on its change notification.
    case closedCaptioningEnabled(Bool)
}

/// Where a click-through takes the viewer.
package enum ClickThroughKind: Sendable, Hashable {
    /// A sheet over the app (the App Store product sheet): the viewer is back once it is dismissed.
    case insideApp
    /// Another app (the browser, the App Store, a deep link): the viewer is back once the app
    /// comes to the foreground again.
    case outsideApp
}
