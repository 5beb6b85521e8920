import Foundation

/// One of the app's scenes as the SDK follows it (a `UIWindowScene` on iOS, tvOS and visionOS):
/// only who it is, so the portable code can tell the ad's scene from the others.
package struct SceneIdentity: Hashable, Sendable {
    private let object: ObjectIdentifier

    /// The identity of `scene`, the platform's object for it. An identity is compared only while
    /// its scene is connected (a freed object's identifier may be reused).
    package init(_ scene: AnyObject) {
        object = ObjectIdentifier(scene)
    }
}

/// A move of one scene, as the platform reports it (UIKit: `UIScene.didEnterBackgroundNotification`,
/// `willEnterForegroundNotification`, `didDisconnectNotification`).
package enum SceneChange: Sendable, Hashable, CaseIterable {
    /// The scene is in the background: not on screen.
    case enteredBackground
    /// The scene comes back to the foreground.
    case enteredForeground
    /// UIKit removed the scene from the app (closed in the app switcher, or reclaimed).
    case disconnected
}
