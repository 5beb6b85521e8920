/// Who or what took an ad off the screen.
public enum VideoAdEndReason: String, Sendable, Hashable, CaseIterable {
    /// The ad ended by itself: an overlay's duration elapsed, a linear video finished with no end card.
    case completed
    /// The viewer tapped Skip on a linear ad before the video ended.
    case skipped
    /// The viewer tapped the ad's close control. A pause card's ✕ leaves the content paused.
    case closed
    /// The viewer tapped Resume on a full-screen pause ad.
    case resumed
    /// The creative failed or stalled, or the full-screen ad could not be presented; `didFail` came first.
    case failed
    /// The presentation disappeared for a reason the SDK did not cause. Noticed within about half a second.
    case interrupted
    /// The app called `dismiss()`.
    case dismissed
    /// The app called `destroy()`.
    case destroyed
}
