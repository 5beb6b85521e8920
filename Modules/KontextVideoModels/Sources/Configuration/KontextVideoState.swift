/// The outcome of `initialize(with:)`: published as `KontextVideo.State`.
public enum KontextVideoState: Sendable, Hashable {
    /// The server enabled the SDK.
    case enabled
    /// The server switched the SDK off for this launch.
    case disabled(reason: String?)
    /// The server could not be reached; every ads request retries first.
    case failed
}
