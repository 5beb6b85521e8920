import SwiftUI
import AVFoundation
import KontextVideo

/// The app: sets up its audio and starts the SDK at launch, then shows the episode. No UIKit code:
/// the SDK's SwiftUI host (`videoAdHost(_:insets:)`) hosts the ads. The SDK asks for tracking
/// itself, before its first ads request (`requestTrackingAuthorization: true`; `Info.plist` carries
/// the dialog's text). With `KontextServerURL` in `Info.plist` it asks that server, a sandbox, and
/// logs every moment.
@main
struct SwiftUIExampleApp: App {
    init() {
        // The audio session is the app's; the SDK never changes it (see the UIKit example's
        // `ExampleApp` for why `.playback` and `.moviePlayback`).
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
    }

    var body: some Scene {
        WindowGroup {
            EpisodeScreen()
        }
    }
}
