/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed with `errno`.
    case socket(errno: Int32)
    /// The port could not be bound (already in use, or not allowed).
    case bind(port: UInt16, errno: Int32)
    /// `start()` was called on a server that was already started, or stopped.
    case alreadyStarted

    /// A short human-readable explanation.
    public var description: String {
        switch self {
        case .socket(let code): "socket call failed (errno \(code))"
        case .bind(let port, let code): "cannot bind 127.0.0.1:\(port) (errno \(code))"
        case .alreadyStarted: "the server was already started"
        }
    }
}
