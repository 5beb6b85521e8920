/// Why a scenario file could not be loaded.
public enum SandboxScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a valid scenario: what is wrong, and where (a JSON path like `$.preload.overlay[1]`).
    case invalid(location: String, message: String)

    /// A short human-readable explanation.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read scenario \(path): \(reason)"
        case .invalid(let location, let message): "invalid scenario at \(location): \(message)"
        }
    }
}
