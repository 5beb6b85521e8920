/// What a linear ad's full-screen screen disappearing means, from what UIKit says when it does
/// (`viewDidDisappear(_:)`: "dismissing or hiding the view",
/// developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)). The SDK's own
/// take-down ends the ad by itself, and a screen covered by another one presented over it (an App
/// Store sheet opened by a click-through) is still the ad's; a screen taken away that the SDK did
/// not ask for — dismissed by one of its ancestors (`isBeingDismissed`), or no longer presented
/// at all — ends the ad with `didEnd(.interrupted)` (`LinearAdPresentation.presenterDidDismiss()`).
enum LinearScreenDisappearance: Equatable {
    /// The SDK asked for it: its own take-down ends the ad.
    case dismissedBySDK
    /// Another screen covers it; the ad goes on under it.
    case covered
    /// Taken away without the SDK asking: the ad ends.
    case dismissedByOthers

    /// The disappearance of a screen the SDK did or did not ask to dismiss, `isBeingDismissed`
    /// by an ancestor, and still presented (`presentingViewController != nil`) or not.
    init(dismissedBySDK: Bool, isBeingDismissed: Bool, isStillPresented: Bool) {
        if dismissedBySDK {
            self = .dismissedBySDK
        } else if isBeingDismissed || !isStillPresented {
            self = .dismissedByOthers
        } else {
            self = .covered
        }
    }

    /// Whether the ad ends for it here (`presenterDidDismiss()`).
    var endsAd: Bool { self == .dismissedByOthers }
}
