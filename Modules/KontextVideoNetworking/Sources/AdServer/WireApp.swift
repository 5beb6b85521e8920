/// The `app` object of `/init` and ad requests.
package struct WireApp: Sendable, Hashable, Codable {
    /// The app's bundle identifier.
    package var bundleId: String
    /// The app's version string.
    package var version: String

    /// The `app` object of an environment.
    package init(_ environment: AdServerIdentity) {
        self.bundleId = environment.appBundleId
        self.version = environment.appVersion
    }
}
