// Each of the app's scenes' moves, from UIKit's scene notifications, so the ad on screen follows
// its own scene rather than the app (`AdSceneRule` decides). Observed once per platform, reported
// to whoever asked last. An app extension's host has no scenes of ours to follow: nothing comes.
#if canImport(UIKit)
import UIKit

/// Follows the app's scenes for the SDK: UIKit places the scene in each notification's `object`.
/// - `UIScene.didEnterBackgroundNotification`: "the scene is running in the background and is no
///   longer onscreen" (doc: /documentation/UIKit/UIScene/didEnterBackgroundNotification);
/// - `UIScene.willEnterForegroundNotification`: it is "about to begin running in the foreground and
///   become visible" (doc: /documentation/UIKit/UIScene/willEnterForegroundNotification);
/// - `UIScene.didDisconnectNotification`: "UIKit removed a scene from your app", as when the viewer
///   closes it in the app switcher (doc: /documentation/UIKit/UIScene/didDisconnectNotification).
@MainActor
final class SceneLifecycle {
    private var observers: [any NSObjectProtocol] = []
    private var onChange: (@MainActor (SceneChange, SceneIdentity) -> Void)?

    /// Reports every scene's move to `onChange` from now on (instead of to an earlier caller's).
    func observe(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void) {
        self.onChange = onChange
        guard observers.isEmpty else { return }
        let center = NotificationCenter.default
        let moves: [(NSNotification.Name, SceneChange)] = [
            (UIScene.didEnterBackgroundNotification, .enteredBackground),
            (UIScene.willEnterForegroundNotification, .enteredForeground),
            (UIScene.didDisconnectNotification, .disconnected),
        ]
        observers = moves.map { name, change in
            center.addObserver(forName: name, object: nil, queue: .main) { @Sendable [weak self] notification in
                // The scene's identity only: the notification itself does not cross to the main actor.
                guard let scene = notification.object as? UIScene else { return }
                let identity = SceneIdentity(scene)
                Task { @MainActor in self?.onChange?(change, identity) }
            }
        }
    }
}
#endif
