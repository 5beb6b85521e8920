// The key window's top view controller: what `show(from: nil)` presents from, and what the
// App Store product sheet is presented on.
#if canImport(UIKit)
import UIKit

/// The app's key window, found through its window scenes.
@MainActor
enum KeyWindow {
    /// The view controller on top of the key window's presentation chain (one being dismissed
    /// does not count), or `nil` before the app has a key window.
    static func topViewController() -> UIViewController? {
        let window = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .compactMap(\.keyWindow)
            .first
        var top = window?.rootViewController
        while let presented = top?.presentedViewController, !presented.isBeingDismissed { top = presented }
        return top
    }
}
#endif
