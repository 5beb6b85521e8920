/// Which of the app's scenes an app-install ad's App Store overlay rises in: the ad's own, so on
/// a multi-window iPad it covers the window that shows the ad and no other. StoreKit places an
/// overlay in the scene it is given (doc: /documentation/StoreKit/SKOverlay/present(in:)); the
/// glue only finds that scene among UIKit's.
enum AppStoreOverlayScene {
    /// The scene for the overlay of an ad in `adScene` among the scenes `usable` now (in the
    /// foreground, best first: `HostApplication.windowScenes`): the ad's own while it is usable,
    /// none once it is not (an overlay in another window would advertise beside content the viewer
    /// did not see the ad in); with no scene known for the ad (`nil`: its surface's scene could not
    /// be read at `show()`), the best usable one, where the SDK's own presenter shows it.
    static func choose(adScene: SceneIdentity?, usable: [SceneIdentity]) -> SceneIdentity? {
        guard let adScene else { return usable.first }
        return usable.contains(adScene) ? adScene : nil
    }
}
