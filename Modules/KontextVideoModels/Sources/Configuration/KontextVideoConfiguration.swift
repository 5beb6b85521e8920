import Foundation

/// How the SDK starts: published as `KontextVideo.Configuration`.
///
/// ```swift
/// KontextVideo.shared.initialize(with: KontextVideo.Configuration(
///     publisherToken: "acme",
///     requestTrackingAuthorization: true,   // the SDK shows the dialog
///     logLevel: .info))
/// ```
public struct KontextVideoConfiguration: Sendable, Hashable {
    /// How much the SDK prints to the console: `.none`, `.error`, `.warning` (default), `.info`,
    /// `.debug`. Each level includes the ones before it.
    public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Nothing.
        case none = 0
        /// Errors only.
        case error
        /// Errors and warnings (the default).
        case warning
        /// Also notable moments of each ad.
        case info
        /// Everything, including every request and beacon.
        case debug

        /// Less severe levels come first: `.none < .error < .warning < .info < .debug`.
        /// - Parameters:
        ///   - lhs: A level.
        ///   - rhs: Another level.
        /// - Returns: Whether `lhs` comes before `rhs`.
        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The production ad server, the default ``serverURL``.
    public static let productionServerURL = URL(string: "https://server.megabrain.co")!

    /// Identifies the publisher. Not a secret. You get a `{publisher}-dev` token for testing and a
    /// production one; never ship the dev token.
    public var publisherToken: String
    /// Whether the SDK shows the App Tracking Transparency dialog itself, before its first ads
    /// request. Defaults to `false`: the app decides when the dialog appears. Either way your
    /// `Info.plist` needs `NSUserTrackingUsageDescription` for the dialog to appear.
    public var requestTrackingAuthorization: Bool
    /// How much the SDK prints to the console: `.warning` by default. Subscribers of
    /// `KontextVideo.shared.events` hear every event whatever the level.
    public var logLevel: LogLevel
    /// The ad server's base URL. Defaults to production; the sandbox and tests point it at loopback.
    /// Events are delivered only to the server they were queued for, under the token they were
    /// queued with: after a switch from a sandbox to production, the sandbox's events wait for
    /// the sandbox (7 days at most) and never reach production.
    public var serverURL: URL
    /// The language of the SDK's own controls — Skip and its countdown, the "Ad" badge, ✕,
    /// Resume and what VoiceOver reads for them — as a BCP-47 tag (`"ar"`, `"ja"`, `"pt-BR"`).
    /// `nil` (the default) follows your app: the first of its localizations, in the viewer's
    /// order (`Bundle.main.preferredLocalizations`), that the SDK speaks, else English. Set it when
    /// your app chooses its language itself, in its own settings. The SDK speaks English, Spanish,
    /// Portuguese (Brazil), French, German, Italian, Japanese, Korean, Chinese (Simplified and
    /// Traditional), Arabic and Hebrew; in Arabic and Hebrew the controls mirror. A language it
    /// does not speak counts as unset. Read once, by ``KontextVideo/initialize(with:)``.
    public var adControlsLanguage: String? = nil

    /// Creates a configuration; only the token is required.
    ///
    /// ```swift
    /// let production = KontextVideo.Configuration(publisherToken: "acme")
    /// let sandbox = KontextVideo.Configuration(
    ///     publisherToken: "acme-dev", logLevel: .debug,
    ///     serverURL: URL(string: "http://127.0.0.1:8080")!)
    /// ```
    ///
    /// - Parameters:
    ///   - publisherToken: Your token from Kontext: `{publisher}-dev` while you integrate, the
    ///     production one in the App Store build.
    ///   - requestTrackingAuthorization: Whether the SDK shows the tracking dialog itself, before
    ///     its first ads request, to a user who was never asked. Defaults to `false`.
    ///   - logLevel: How much the SDK prints to the console. Defaults to `.warning`.
    ///   - serverURL: The ad server. Defaults to ``productionServerURL``; point it at a sandbox
    ///     server (`swift run kontext-sandbox`) while you integrate.
    public init(
        publisherToken: String,
        requestTrackingAuthorization: Bool = false,
        logLevel: LogLevel = .warning,
        serverURL: URL = KontextVideoConfiguration.productionServerURL
    ) {
        self.publisherToken = publisherToken
        self.requestTrackingAuthorization = requestTrackingAuthorization
        self.logLevel = logLevel
        self.serverURL = serverURL
    }
}
