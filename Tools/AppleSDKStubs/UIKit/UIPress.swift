// The remote's buttons (tvOS, and game controllers and keyboards on iOS) and the focus engine.

// doc: /documentation/UIKit/UIPress (`class UIPress`: not main-actor isolated)
@available(iOS 9.0, tvOS 9.0, *)
open class UIPress: NSObject, @unchecked Sendable {
    // doc: /documentation/UIKit/UIPress/type
    open var type: UIPress.PressType { fatalError() }

    // doc: /documentation/UIKit/UIPress/PressType
    public enum PressType: Int, Sendable {
        // doc: /documentation/UIKit/UIPress/PressType/select
        case select = 4
        // doc: /documentation/UIKit/UIPress/PressType (its `menu` constant: "the menu button")
        case menu = 5
        // doc: /documentation/UIKit/UIPress/PressType (its `playPause` constant: "the play/pause button")
        case playPause = 6
    }
}

// doc: /documentation/UIKit/UIPressesEvent (`@MainActor class UIPressesEvent`)
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class UIPressesEvent: NSObject {
}

// doc: /documentation/UIKit/UIFocusEnvironment ("Classes in UIKit that conform to this protocol include UIView, UIViewController, UIWindow")
@available(iOS 9.0, tvOS 9.0, *)
@MainActor public protocol UIFocusEnvironment: NSObjectProtocol {
    // doc: /documentation/UIKit/UIFocusEnvironment/preferredFocusEnvironments
    var preferredFocusEnvironments: [any UIFocusEnvironment] { get }
    // doc: /documentation/UIKit/UIFocusEnvironment/setNeedsFocusUpdate()
    func setNeedsFocusUpdate()
    // doc: /documentation/UIKit/UIFocusEnvironment/updateFocusIfNeeded()
    func updateFocusIfNeeded()
}

@available(iOS 9.0, tvOS 9.0, *)
extension UIView: UIFocusEnvironment {}
@available(iOS 9.0, tvOS 9.0, *)
extension UIViewController: UIFocusEnvironment {}
