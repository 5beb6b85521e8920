// The UIKit half of the SwiftUI host. SwiftUI sizes its view to the player's frame; the SDK adds
// the creative and its layout probe to that view, as to any app's UIView, so placement, re-layout
// on resize, rotation and safe-area change, and ending stay the SDK's UIKit code.
#if canImport(SwiftUI) && canImport(UIKit)
import UIKit

/// The host's view controller: its view is where overlay and pause ads go, and it presents linear
/// ads (SwiftUI makes it a child of the hosting controller).
final class VideoAdHostController: UIViewController {
    override func loadView() {
        view = TouchTransparentView()
    }
}

/// A view that takes no touch itself, only its subviews do: it lies over the app's player, whose
/// controls must keep working, while the ad's creative in it stays tappable.
/// (doc: /documentation/UIKit/UIView/hitTest(_:with:): the farthest descendant that contains the
/// point; `nil` lets the touch go to the views behind.)
final class TouchTransparentView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}
#endif
