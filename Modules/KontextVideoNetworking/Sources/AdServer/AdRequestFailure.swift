import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels

/// Why an ad request (or any call to the ad server) gave no answer the SDK can use.
package enum AdRequestFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The network failed on every attempt; the last error.
    case transport(URLError)
    /// Every attempt ran out of time (16 s for `/init` and ad requests, 5 s for events).
    case timedOut
    /// A non-2xx status without an error body (a 5xx without one is `.server(code: "http_<status>")`).
    case http(status: Int)
    /// The server's error answer (`errCode`, `error`, `permanent`).
    case server(code: String, message: String?, permanent: Bool)
    /// The answer was not what `PROTOCOL.md` allows; what was wrong.
    case decoding(String)
    /// The answer's body passed 2 MiB.
    case responseTooLarge
    /// `/init` did not enable the SDK: `.disabled(reason:)`, or `.failed` (it failed, or none finished).
    case notInitialized(KontextVideoState)
    /// The calling task was cancelled.
    case cancelled

    /// A short description for logs, such as `server(invalid_token, …, permanent: true)`.
    package var description: String {
        switch self {
        case .transport(let error): "transport(\(error.code.rawValue))"
        case .timedOut: "timedOut"
        case .http(let status): "http(\(status))"
        case let .server(code, message, permanent): "server(\(code), \(message ?? "nil"), permanent: \(permanent))"
        case .decoding(let what): "decoding(\(what))"
        case .responseTooLarge: "responseTooLarge"
        case .notInitialized(let state): "notInitialized(\(state))"
        case .cancelled: "cancelled"
        }
    }
}
