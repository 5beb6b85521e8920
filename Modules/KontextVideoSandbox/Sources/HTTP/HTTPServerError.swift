#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed with `errno`.
    case socket(errno: Int32)
    /// `host`:`port` could not be bound: `EADDRINUSE` when another process listens there,
    /// `EADDRNOTAVAIL` when `host` is not an address of this machine, `EACCES` for a port below
    /// 1024 without the privilege.
    case bind(host: String, port: UInt16, errno: Int32)
    /// The host is not a numeric IPv4 or IPv6 address (host names are not resolved).
    case invalidAddress(String)
    /// `start()` was called on a server that was already started, or stopped.
    case alreadyStarted

    /// A short human-readable explanation.
    public var description: String {
        switch self {
        case .socket(let code): "socket call failed (errno \(code): \(Self.text(of: code)))"
        case .bind(let host, let port, let code):
            "cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port): \(Self.text(of: code)) (errno \(code))"
        case .invalidAddress(let host): "\(host) is not a numeric IPv4 or IPv6 address"
        case .alreadyStarted: "the server was already started"
        }
    }

    private static func text(of code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "unknown error"
    }
}
