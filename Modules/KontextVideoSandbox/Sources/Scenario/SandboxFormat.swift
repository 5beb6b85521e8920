/// An ad format as it is spelled on the wire (`"overlay"`, `"pause"`, `"linear"`).
public enum SandboxFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// A banner over playing content.
    case overlay
    /// A card shown while the content is paused.
    case pause
    /// A video ad (VAST) that interrupts the content.
    case linear
}
