import UIKit
import KontextVideo

/// The app: starts the SDK at launch. The SDK asks for tracking itself, before its first ads
/// request (`requestTrackingAuthorization: true`; `Info.plist` carries the dialog's text). With
/// `KontextServerURL` in `Info.plist` it asks that server, a sandbox, and logs every moment.
@main
final class ExampleApp: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        var configuration = KontextVideo.Configuration(publisherToken: "acme-dev", requestTrackingAuthorization: true)
        if let sandbox = ExampleSettings.serverURL {
            configuration.serverURL = sandbox
            configuration.logLevel = .info
        }
        KontextVideo.shared.initialize(with: configuration) { state in
            print("Kontext:", state)
        }
        return true
    }
}

/// The one window: the episode screen.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: scene)
        window.rootViewController = EpisodeViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
