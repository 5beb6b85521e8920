import Foundation

/// A request the sandbox received, in arrival order.
public struct RecordedRequest: Sendable, Equatable {
    /// The position in ``SandboxAdServer/requests`` (0-based).
    public var index: Int
    /// The request as parsed off the socket.
    public var http: HTTPRequest
    /// The body parsed as JSON; `nil` when there is no body or it is not JSON.
    public var json: JSONValue?
    /// The address it came to: the ad server's own, or the tracking host.
    public var listener: SandboxListener

    /// The method, e.g. `POST`.
    public var method: String { http.method }
    /// The path, e.g. `/video/preload`.
    public var path: String { http.path }
    /// The query items, decoded.
    public var query: [String: String] { http.query }
    /// The header fields keyed by lower-cased name.
    public var headers: [String: String] { http.headers }
    /// The raw body.
    public var body: Data { http.body }

    /// The header named `name` (case-insensitive).
    /// - Parameter name: The header's name, in any case.
    /// - Returns: Its first value, or `nil`.
    public func header(_ name: String) -> String? {
        http.header(name)
    }

    /// Creates a record of a request to the ad server's own address.
    /// - Parameters:
    ///   - index: The position in ``SandboxAdServer/requests``.
    ///   - http: The request as parsed.
    ///   - json: The body as JSON, or `nil`.
    public init(index: Int, http: HTTPRequest, json: JSONValue?) {
        self.init(index: index, http: http, json: json, listener: .adServer)
    }

    /// Creates a record; the server does this.
    /// - Parameters:
    ///   - index: The position in ``SandboxAdServer/requests``.
    ///   - http: The request as parsed.
    ///   - json: The body as JSON, or `nil`.
    ///   - listener: The address it came to: the ad server's own, or the tracking host.
    public init(index: Int, http: HTTPRequest, json: JSONValue?, listener: SandboxListener) {
        self.index = index
        self.http = http
        self.json = json
        self.listener = listener
    }
}
