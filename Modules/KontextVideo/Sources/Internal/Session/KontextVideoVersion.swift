/// The SDK's version string: the one place it is defined. `KontextVideo.shared.version` and the
/// `sdk.version` of every request read it; `Scripts/version --check` (CI) holds it equal to the
/// latest release heading of `CHANGELOG.md` and to a version tag on the commit. Semantic
/// versioning; what counts as breaking: `RELEASING.md`.
package enum KontextVideoVersion {
    /// Sent as `sdk.version` with every request.
    package static let current = "0.2.0"
}
