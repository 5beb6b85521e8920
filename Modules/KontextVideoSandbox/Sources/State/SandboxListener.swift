/// Which of a sandbox's two addresses a request came to: the ad server's own, or the tracking
/// host its `/init` answer announces (`trackingUrl`), which takes the ad requests that carry
/// tracking data (`PROTOCOL.md`, *Tracking data and its host*).
public enum SandboxListener: String, Sendable, Hashable {
    /// ``SandboxAdServer/baseURL``: `/init`, events, and ad requests without tracking data.
    case adServer
    /// ``SandboxAdServer/trackingBaseURL``: ad requests that carry the advertising id, the
    /// viewer's email or its hash.
    case trackingHost
}
