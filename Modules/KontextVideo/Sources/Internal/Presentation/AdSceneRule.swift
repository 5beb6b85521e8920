import Foundation

/// What a move of the app or of one of its scenes means for the ad on screen: the ad follows its
/// own scene (the one of the view it is in, or of the controller it was presented from) when the
/// platform can tell it, and the app as a whole otherwise. Portable and table-tested; the session
/// applies it, the platform only reports the moves.
///
/// An app may show several scenes at once (iPad Stage Manager, visionOS windows): the ad's own
/// scene going to the background pauses it (no sound, no quartile from a window no one sees), its
/// return resumes it, and its disconnection ends it `.interrupted` with its surface gone, which
/// frees the one on-screen slot: UIKit "removed a scene from your app" (doc:
/// /documentation/UIKit/UIScene/didDisconnectNotification), and no dismissal in it is waited for.
enum AdSceneRule {
    /// What the ad on screen does.
    enum Reaction: Equatable, Sendable {
        /// Nothing: the move is not the ad's.
        case none
        /// Pause, as for the app in the background.
        case pause
        /// Pick up again, as for the app back in the foreground.
        case resume
        /// End `.interrupted` now, its surface counted as gone (no dismissal to wait for).
        case endWithSurfaceGone
        /// An ad already ending: its surface is gone, `didEnd` need not wait for its dismissal.
        case surfaceGone
    }

    /// The reaction of an ad in `adScene` (`nil`: unknown), `ending` or not, to `change` of `scene`.
    static func reaction(adScene: SceneIdentity?, ending: Bool, to change: SceneChange, of scene: SceneIdentity) -> Reaction {
        guard let adScene, adScene == scene else { return .none }
        switch (change, ending) {
        case (.enteredBackground, false): return .pause
        case (.enteredForeground, false): return .resume
        case (.disconnected, false): return .endWithSurfaceGone
        case (.disconnected, true): return .surfaceGone
        case (.enteredBackground, true), (.enteredForeground, true): return .none
        }
    }

    /// The reaction of an ad in `adScene` to the app going to the background (`active` false) or
    /// coming back. The app in the background has every scene in it: the ad pauses. The app coming
    /// back brings some scene to the foreground, not necessarily the ad's: an ad whose scene was
    /// heard going to the background (`adSceneInBackground`) waits for that scene's own return;
    /// any other resumes (its scene unknown, or a platform that reports no scene moves).
    static func reaction(adScene: SceneIdentity?, adSceneInBackground: Bool, toApplicationActive active: Bool) -> Reaction {
        if !active { return .pause }
        return adScene != nil && adSceneInBackground ? .none : .resume
    }
}
