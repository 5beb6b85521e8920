/// Why a sandbox wait (`waitFor…`, ``ResponseGate/waitUntilHeld(count:)``) gave up.
public enum SandboxWaitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The condition did not come true within the safety timeout (real time). A test that sees
    /// this is broken or hung; the timeout only keeps the suite from hanging forever.
    case timedOut(String)
    /// The server stopped while waiting.
    case stopped(String)

    /// A short human-readable explanation.
    public var description: String {
        switch self {
        case .timedOut(let what): "timed out waiting for \(what)"
        case .stopped(let what): "server stopped while waiting for \(what)"
        }
    }
}
