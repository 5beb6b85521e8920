import Foundation

/// Who is talking to which ad server: the publisher, the SDK, the app and the device, as every
/// request and event batch states them, and the server's URL. Not `SDKEnvironment` (the facade's
/// clock, transport, storage and platform): the facade builds this once at `initialize(with:)`.
package struct AdServerIdentity: Sendable, Hashable {
    /// Identifies the publisher; also sent as the `Kontextso-Publisher-Token` header.
    package var publisherToken: String
    /// The ad server's base URL; paths such as `/init` are appended to it.
    package var serverURL: URL
    /// The SDK's version, as sent in `sdk.version`.
    package var sdkVersion: String
    /// `ios`, `tvos`, `macos` or `linux`, as sent in `sdk.platform`.
    package var platform: String
    /// The app's bundle identifier.
    package var appBundleId: String
    /// The app's version string.
    package var appVersion: String
    /// Facts about the device.
    package var device: DeviceFacts

    /// Creates an identity; `platform` defaults to the one the SDK was built for.
    package init(
        publisherToken: String,
        serverURL: URL,
        sdkVersion: String,
        platform: String = AdServerIdentity.currentPlatform,
        appBundleId: String,
        appVersion: String,
        device: DeviceFacts
    ) {
        self.publisherToken = publisherToken
        self.serverURL = serverURL
        self.sdkVersion = sdkVersion
        self.platform = platform
        self.appBundleId = appBundleId
        self.appVersion = appVersion
        self.device = device
    }

    /// The SDK's name on the wire.
    package static let sdkName = "kontext-video-swift"

    /// The platform the SDK was built for, as the wire names it (`OperatingSystemFamily.sdkPlatform`).
    package static var currentPlatform: String {
        OperatingSystemFamily.current.sdkPlatform
    }

    /// The app facts from the main bundle; unknown values are empty strings.
    package static func mainBundleApp() -> (bundleId: String, version: String) {
        let bundle = Bundle.main
        let version = bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        return (bundle.bundleIdentifier ?? "", version ?? "")
    }

    /// The URL of an endpoint such as `/init`.
    package func url(for path: String) -> URL {
        Self.url(for: path, on: serverURL)
    }

    /// The URL of an endpoint such as `/video/preload` on the server at `base`.
    package static func url(for path: String, on base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path) ?? base.appendingPathComponent(path)
    }
}
