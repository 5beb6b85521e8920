import Foundation

/// A small HTTP/1.1 server over POSIX sockets, for tests: on loopback (127.0.0.1) unless given
/// another address of this machine.
///
/// Every connection carries one request and is closed after the answer (`Connection: close`).
/// The accept loop runs on its own thread and each connection on its own thread, so a
/// response held at a ``ResponseGate`` or hung never blocks another one.
///
/// ```swift
/// let server = HTTPServer { request in .respond(.text("hello")) }
/// try server.start()
/// defer { server.stop() }
/// // GET server.baseURL …
/// ```
///
/// The handler runs on a connection thread; it must not call ``stop()``.
public final class HTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponseAction

    /// The largest request body accepted by default (8 MiB); a larger one is answered with 413.
    public static let defaultMaximumBodyLength = 8 * 1024 * 1024

    private let core: HTTPServerCore

    /// A server that will answer with `handler` once started.
    ///
    /// - Parameters:
    ///   - host: the numeric IPv4 or IPv6 address to listen on (default `127.0.0.1`, reachable
    ///     from this machine only). Any other address makes the server reachable from the network.
    ///   - port: the port to bind; 0 (the default) picks a free ephemeral port.
    ///   - maximumBodyLength: the largest request body accepted (larger: 413).
    ///   - handler: answers each request, on its connection's thread.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, maximumBodyLength: Int = HTTPServer.defaultMaximumBodyLength,
                handler: @escaping Handler) {
        core = HTTPServerCore(host: host, requestedPort: port, maximumBodyLength: maximumBodyLength, handler: handler)
    }

    deinit {
        core.stop()
    }

    /// Binds the port and starts accepting connections. A stopped server cannot be restarted.
    /// - Throws: ``HTTPServerError/invalidAddress(_:)`` when the host is not a numeric address,
    ///   ``HTTPServerError/bind(host:port:errno:)`` when the port cannot be bound (in use, not an
    ///   address of this machine, or not allowed), ``HTTPServerError/socket(errno:)`` when a socket
    ///   call failed, ``HTTPServerError/alreadyStarted`` on a second start.
    public func start() throws(HTTPServerError) {
        try core.start()
    }

    /// Stops accepting, closes every open connection (held and hung ones included) and waits
    /// until every server thread has finished. Idempotent.
    public func stop() {
        core.stop()
    }

    /// The bound port (0 before ``start()``).
    public var port: UInt16 {
        core.port
    }

    /// `http://<host>:<port>` (no trailing slash): `http://127.0.0.1:8080`, `http://[::1]:8080`.
    public var baseURL: URL {
        let host = HTTPServerAddress(core.host)?.urlHost ?? core.host
        return URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The number of connections open right now.
    public var openConnectionCount: Int {
        core.openConnectionCount
    }

    /// Whether the server is accepting connections.
    public var isRunning: Bool {
        core.isRunning
    }
}
