/// The `sdk` object every body carries.
package struct WireSDK: Sendable, Hashable, Codable {
    /// Always `kontext-video-swift`.
    package var name: String
    /// `ios`, `tvos`, `macos` or `linux`.
    package var platform: String
    /// The SDK's version.
    package var version: String

    /// The `sdk` object of an environment.
    package init(_ environment: AdServerIdentity) {
        self.name = AdServerIdentity.sdkName
        self.platform = environment.platform
        self.version = environment.sdkVersion
    }
}
