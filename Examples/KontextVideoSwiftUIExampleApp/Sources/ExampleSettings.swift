import Foundation

/// What the example plays and which ad server it asks, from its `Info.plist`, so that running it
/// against a sandbox on a device needs no change to the code (the walkthrough in the guide).
enum ExampleSettings {
    /// The episode: `KontextExampleContentURL`, an HLS stream or an mp4 file the device can play.
    /// Overlays show over playing content only, so the walkthrough needs one.
    static var contentURL: URL {
        url(forKey: "KontextExampleContentURL") ?? URL(string: "https://media.example.com/drama/episode-1.m3u8")!
    }

    /// The ad server: `KontextServerURL`, such as the `http://192.168.1.20:8080` that
    /// `kontext-sandbox --host 192.168.1.20` prints; Kontext's server when it is absent or empty.
    static var serverURL: URL? {
        url(forKey: "KontextServerURL")
    }

    /// The language of the SDK's controls, from the launch argument `-KontextAdControlsLanguage ar`
    /// (Xcode: the scheme's Run › Arguments); `nil` follows the app's language, which the scheme's
    /// Run › Options › App Language sets (the `Info.plist` lists the SDK's languages under
    /// `CFBundleLocalizations`, so Arabic mirrors the app and the ad alike).
    static var adControlsLanguage: String? {
        UserDefaults.standard.string(forKey: "KontextAdControlsLanguage").flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func url(forKey key: String) -> URL? {
        guard let text = Bundle.main.object(forInfoDictionaryKey: key) as? String, !text.isEmpty else { return nil }
        return URL(string: text)
    }
}
