/// The three ad formats the SDK renders.
public enum AdFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// A strip over playing content.
    case overlay
    /// An ad shown while the viewer has paused the content.
    case pause
    /// A full-screen video with skip and end card.
    case linear
}
