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

    /// The app's window scenes to present from and open a click through, best first, as
    /// `SceneChoice` orders them: the foreground and active ones (the key window's first), then the
    /// foreground inactive ones; none in the background or unattached. None in an app extension, or
    /// before the app connected a scene.
    package static var windowScenes: [UIWindowScene] {
        windowScenes(for: .present)
    }

    /// The app's window scenes usable for `purpose`, best first (`SceneChoice`), `hostScene` (the
    /// scene of the view an ad is in) first when it is usable.
    package static func windowScenes(for purpose: SceneChoice.Purpose, hostScene: UIWindowScene? = nil) -> [UIWindowScene] {
        let scenes = current?.connectedScenes.compactMap { $0 as? UIWindowScene } ?? []
        let candidates = scenes.map { scene in
            SceneChoice.Candidate(
                activation: SceneChoice.Activation(scene.activationState),
                hasKeyWindow: scene.keyWindow != nil,
                isHostScene: scene === hostScene)
        }
        return SceneChoice.order(candidates, for: purpose).map { scenes[$0] }
    }
}

extension SceneChoice.Activation {
    /// UIKit's state of a scene (doc: /documentation/UIKit/UIScene/activationState-swift.property).
    init(_ state: UIScene.ActivationState) {
        switch state {
        case .foregroundActive: self = .foregroundActive
        case .foregroundInactive: self = .foregroundInactive
        case .background: self = .background
        case .unattached: self = .unattached
        @unknown default: self = .unattached
        }
    }
}
#endif
