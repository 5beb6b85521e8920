/// The SDK's version string.
package enum KontextVideoVersion {
    /// Sent as `sdk.version` with every request.
    package static let current = "0.1.0"
}
