import Foundation
import KontextVideoScheduling

/// What keeps a shown ad on screen, and takes it down.
@MainActor
protocol OnScreenPresentation: AnyObject {
    /// Stops timers and observation; no callback after this.
    func stop()
    /// Drops everything without callbacks: the ad's session ended (the lifecycle's `abandon`).
    func abandon()
    /// The app went to the background (`false`) or came back.
    func applicationActivityChanged(_ active: Bool)
    /// The ad's scene was removed from the app: its surface is gone with it, so a take-down,
    /// under way or to come, completes without waiting for the platform.
    func sceneDisconnected()
    /// Takes the ad off the screen and calls `completion` once it is gone.
    func takeDown(reason: VideoAdEndReason, completion: @escaping @MainActor () -> Void)
}
