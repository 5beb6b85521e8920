/// A way a request broke the conventions of `PROTOCOL.md`, found by the sandbox.
public struct ProtocolViolation: Sendable, Equatable, CustomStringConvertible {
    /// The index of the offending request in ``SandboxAdServer/requests``.
    public var requestIndex: Int
    /// The request's path, e.g. `/video/preload`.
    public var path: String
    /// Where in the request, e.g. `header Content-Type`, `body.sdk.platform`, `body.events[0].eventId`.
    public var location: String
    /// What is wrong, e.g. `expected a lowercase UUID, got "ABC…"`.
    public var message: String

    /// Creates a violation; the server does this.
    /// - Parameters:
    ///   - requestIndex: The index of the offending request.
    ///   - path: The request's path.
    ///   - location: Where in the request.
    ///   - message: What is wrong.
    public init(requestIndex: Int, path: String, location: String, message: String) {
        self.requestIndex = requestIndex
        self.path = path
        self.location = location
        self.message = message
    }

    /// `#3 POST /video/preload body.format: …`.
    public var description: String {
        "#\(requestIndex) \(path) \(location): \(message)"
    }
}
