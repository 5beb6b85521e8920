import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension VideoAdRequestError: LocalizedError {
    /// Why the request failed, and whether asking again can help.
    public var errorDescription: String? {
        switch self {
        case .network(let code):
            "The network failed on every attempt: \(Self.name(of: code)) (URLError \(code.rawValue)). Check the device's connection and Configuration.serverURL."
        case .timedOut:
            "The ad server did not answer within the request's 16 s."
        case .http(let status):
            "The ad server answered HTTP \(status) without saying why. Check Configuration.serverURL, or a proxy in between."
        case let .server(code, message, permanent):
            "The ad server refused the request: \(code)\(message.map { " (\($0))" } ?? ""). " + (permanent ? "Asking again will not help." : "Asking again may help.")
        case .invalidResponse(let what):
            "The ad server's answer could not be read: \(what)."
        }
    }

    /// A network error's name, as a publisher searches for it.
    static func name(of code: URLError.Code) -> String {
        switch code {
        case .notConnectedToInternet: "no internet connection"
        case .cannotFindHost, .dnsLookupFailed: "the server's name was not found"
        case .cannotConnectToHost: "the server refused the connection"
        case .networkConnectionLost: "the connection was lost"
        case .timedOut: "the connection timed out"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the secure connection (TLS) failed"
        case .appTransportSecurityRequiresSecureConnection: "App Transport Security requires https"
        case .badServerResponse, .zeroByteResource: "the server's answer was empty or broken"
        case .dataNotAllowed, .internationalRoamingOff: "cellular data is not allowed"
        default: "a network error"
        }
    }
}
