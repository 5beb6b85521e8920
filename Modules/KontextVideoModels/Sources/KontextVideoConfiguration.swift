import Foundation

/// How the SDK starts: published as `KontextVideo.Configuration`.
public struct KontextVideoConfiguration: Sendable, Hashable {
    /// How much the SDK prints to the console.
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

        /// Less severe levels come first.
        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The production ad server.
    public static let productionServerURL = URL(string: "https://server.megabrain.co")!

    /// Identifies the publisher. Not a secret.
    public var publisherToken: String
    /// Whether the SDK shows the App Tracking Transparency dialog itself, before its first ads request.
    public var requestTrackingAuthorization: Bool
    /// How much the SDK prints to the console.
    public var logLevel: LogLevel
    /// The ad server's base URL. Defaults to production; the sandbox and tests point it at loopback.
    public var serverURL: URL

    /// Creates a configuration; only the token is required.
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
