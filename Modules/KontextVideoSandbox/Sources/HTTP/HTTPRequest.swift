import Foundation

/// One HTTP request as the server parsed it off the socket.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, upper case as sent: `GET`, `POST`, …
    public var method: String
    /// The request target as sent, e.g. `/pixel/ad-1/start?t=3`.
    public var target: String
    /// The target's path, percent-decoded, e.g. `/pixel/ad-1/start`.
    public var path: String
    /// The target's query without the `?`, as sent (not decoded); `nil` without one.
    public var rawQuery: String?
    /// The header fields in the order received, names as sent.
    public var headerFields: [(name: String, value: String)]
    /// The body (after chunked decoding when the client sent it chunked).
    public var body: Data

    /// Creates a request; the server does this, tests may too.
    /// - Parameters:
    ///   - method: The method, such as `POST`.
    ///   - target: The request target, path and query, such as `/pixel/ad-1/start?t=3`.
    ///   - headerFields: The header fields, in order.
    ///   - body: The body.
    public init(method: String, target: String, headerFields: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? target
        self.path = rawPath.removingPercentEncoding ?? rawPath
        self.rawQuery = parts.count > 1 ? String(parts[1]) : nil
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of the first header named `name` (case-insensitive), or `nil`.
    /// - Parameter name: The header's name, in any case.
    /// - Returns: Its first value, or `nil` when the request has none.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The header fields keyed by lower-cased name (the last value wins on repeats).
    public var headers: [String: String] {
        var result: [String: String] = [:]
        for field in headerFields { result[field.name.lowercased()] = field.value }
        return result
    }

    /// The query items, percent-decoded (`+` reads as a space); the last value wins on repeats.
    public var query: [String: String] {
        guard let rawQuery, !rawQuery.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(halves[0])
            result[name] = halves.count > 1 ? Self.decode(halves[1]) : ""
        }
        return result
    }

    /// Equal when method, target, header fields and body are equal.
    /// - Parameters:
    ///   - lhs: A request.
    ///   - rhs: Another request.
    /// - Returns: Whether they are equal.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.body == rhs.body
            && lhs.headerFields.map(\.name) == rhs.headerFields.map(\.name)
            && lhs.headerFields.map(\.value) == rhs.headerFields.map(\.value)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
