import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an ad request failed, carried by `VideoAdError.request(_:)`: for logs and for deciding
/// whether asking again can help (`isPermanent`).
public enum VideoAdRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The network failed on every attempt (after the retries); the last error's code.
    case network(URLError.Code)
    /// The request ran out of time: the call's 16 s, which every attempt and retry shares,
    /// passed without a usable answer.
    case timedOut
    /// The server answered a non-2xx status without an error body.
    case http(status: Int)
    /// The server answered an error: its code, message and whether asking again can help.
    case server(code: String, message: String?, permanent: Bool)
    /// The answer was not one the SDK understands (malformed JSON, wrong types, too large).
    case invalidResponse(String)

    /// Whether asking again cannot help: the server said so.
    public var isPermanent: Bool {
        if case .server(_, _, let permanent) = self { return permanent }
        return false
    }

    /// A short description for logs.
    public var description: String {
        switch self {
        case .network(let code): "network(\(Self.name(of: code)), \(code.rawValue))"
        case .timedOut: "timedOut"
        case .http(let status): "http(\(status))"
        case let .server(code, message, permanent): "server(\(code), \(message ?? "no message"), permanent: \(permanent))"
        case .invalidResponse(let what): "invalidResponse(\(what))"
        }
    }
}
