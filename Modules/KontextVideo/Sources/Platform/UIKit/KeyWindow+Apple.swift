// The key window's top view controller: what `show(from: nil)` presents from, and what the
// App Store product sheet is presented on.
#if canImport(UIKit)
import UIKit
import KontextVideoNetworking

/// The app's key window, found through its window scenes.
@MainActor
enum KeyWindow {
    /// The view controller on top of the key window's presentation chain (one being dismissed
    /// does not count), in the first scene with a key window of those `SceneChoice` lets the SDK
    /// present from (foreground active, then inactive; never one in the background or unattached,
    /// `HostApplication.windowScenes`), or `nil` before the app has one, and always in an app
    /// extension (no app to ask for its scenes: `HostApplication`).
    static func topViewController() -> UIViewController? {
        let window = HostApplication.windowScenes.compactMap(\.keyWindow).first
        var top = window?.rootViewController
        while let presented = top?.presentedViewController, !presented.isBeingDismissed { top = presented }
        return top
    }
}
#endif
