// The app's `UIApplication`, the one way the SDK reaches it, or nothing in an app extension.
//
// The package may be compiled for an app extension target (Xcode builds a package that an
// extension links with APPLICATION_EXTENSION_API_ONLY), and there `UIApplication.shared` does not
// compile: UIKit declares it NS_EXTENSION_UNAVAILABLE_IOS. Marking the SDK paths that need the app
// `@available(iOSApplicationExtension, unavailable)` would spread to every public entry point
// (each one reaches the platform services), so an extension could call nothing, not even
// `show(in:)` on a view it owns. Instead the SDK decides at run time, from the bundle
// (`HostProcessKind`), and asks the app class for its shared instance by name only in an app; in
// an extension the answer is `nil` and each caller takes its documented extension path.
// `Scripts/apple-typecheck`'s app-extension pass holds that no SDK code names
// `UIApplication.shared` or `UIApplication.open(_:options:)`.
#if canImport(UIKit)
import UIKit

/// The app object, for the few things only it knows: its state, its window scenes.
@MainActor
package enum HostApplication {
    /// The app's `UIApplication`; `nil` in an app extension (Apple lets none reach it there).
    package static var current: UIApplication? {
        guard HostProcessKind.current == .app else { return nil }
        // `+[UIApplication sharedApplication]`, sent by name: the same object `UIApplication.shared`
        // returns, reachable from a build made for an app extension.
        let sharedApplication = NSSelectorFromString("sharedApplication")
        guard UIApplication.responds(to: sharedApplication) else { return nil }
        return UIApplication.perform(sharedApplication)?.takeUnretainedValue() as? UIApplication
    }

    /// The app's window scenes: the one of the key window first, then the one in the foreground,
    /// then any. None in an app extension, or before the app connected a scene.
    package static var windowScenes: [UIWindowScene] {
        let scenes = current?.connectedScenes.compactMap { $0 as? UIWindowScene } ?? []
        let key = scenes.filter { $0.keyWindow != nil }
        let active = scenes.filter { $0.keyWindow == nil && $0.activationState == .foregroundActive }
        return key + active + scenes.filter { $0.keyWindow == nil && $0.activationState != .foregroundActive }
    }
}
#endif
