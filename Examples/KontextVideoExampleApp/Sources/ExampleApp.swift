import UIKit
import AVFoundation
import KontextVideo

/// The app: sets up its audio and starts the SDK at launch. The SDK asks for tracking itself,
/// before its first ads request (`requestTrackingAuthorization: true`; `Info.plist` carries the
/// dialog's text). With `KontextServerURL` in `Info.plist` it asks that server, a sandbox, and logs
/// every moment.
@main
final class ExampleApp: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The audio session is the app's; the SDK never changes it, and its video ads play through
        // it like the episode. `.playback`: the sound is the point of a video app, and it plays with
        // the Silent switch on (the default, `.soloAmbient`, is silenced by that switch and by screen
        // locking: Apple's pages for both categories). `.moviePlayback` tunes the output for film
        // (Apple: "Configuring your app for media playback").
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
        } catch {
            print("Audio session:", error)
        }
        var configuration = KontextVideo.Configuration(publisherToken: "acme-dev", requestTrackingAuthorization: true)
        // `-KontextAdControlsLanguage ja` speaks Japanese on the ad only; unset, the ad follows the app.
        configuration.adControlsLanguage = ExampleSettings.adControlsLanguage
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
