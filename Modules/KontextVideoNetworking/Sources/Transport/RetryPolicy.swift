import Foundation
import KontextVideoScheduling
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When a call to the ad server is tried again (`PROTOCOL.md`, "Time-outs and retries").
package struct RetryPolicy: Sendable, Hashable {
    /// The wait before each retry: 1, 2, 4 s, so at most three retries.
    package var backoff: [Duration]
    /// The most a 429's `Retry-After` may make the SDK wait.
    package var retryAfterCap: Duration

    /// Creates a policy.
    package init(backoff: [Duration], retryAfterCap: Duration = .seconds(60)) {
        self.backoff = backoff
        self.retryAfterCap = retryAfterCap
    }

    /// `/init` and ad requests: three retries after 1, 2 and 4 s.
    package static let standard = RetryPolicy(backoff: [.seconds(1), .seconds(2), .seconds(4)])

    /// One attempt only (event delivery, which has its own back-off).
    package static let none = RetryPolicy(backoff: [])

    /// A retry is made only when at least this is left of the call's budget after its back-off.
    package static let minimumUsefulAttempt: Duration = .seconds(1)

    /// How many retries follow the first attempt.
    package var maximumRetries: Int { backoff.count }

    /// The wait before retry number `retry` (1-based): the 429's `Retry-After` when given
    /// (capped), else the back-off.
    package func delay(beforeRetry retry: Int, retryAfter: Duration? = nil) -> Duration {
        if let retryAfter { return min(max(retryAfter, .zero), retryAfterCap) }
        guard !backoff.isEmpty else { return .zero }
        return backoff[min(max(retry, 1), backoff.count) - 1]
    }

    /// Seconds of a `Retry-After` header (`delta-seconds` only; an HTTP date is ignored).
    package static func retryAfter(_ header: String?) -> Duration? {
        guard let header, let seconds = Double(header.trimmingCharacters(in: .whitespaces)),
              seconds.isFinite, seconds >= 0
        else { return nil }
        return .timeInterval(min(seconds, 86_400))
    }

    /// Whether a network error is worth another attempt: connections refused, dropped or
    /// timed out, DNS, no network, an answer cut short (Linux reports some as `.unknown`).
    /// TLS, certificate, redirect and malformed-request errors are answered at once.
    package static func isRetriable(_ error: URLError) -> Bool {
        switch error.code {
        case .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
             .notConnectedToInternet, .badServerResponse, .zeroByteResource, .cannotLoadFromNetwork,
             .internationalRoamingOff, .callIsActive, .dataNotAllowed, .resourceUnavailable, .unknown:
            return true
        default:
            return false
        }
    }

    /// Whether a network error proves the request never left the device: no network, no DNS
    /// answer, the connection refused or never made. A time-out or a connection lost may come
    /// after the request was sent, so they prove nothing.
    package static func certainlyNotSent(_ error: URLError) -> Bool {
        switch error.code {
        case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            true
        default:
            false
        }
    }

    /// Whether a status is answered as it is (everything but 429).
    package static func isRetriable(status: Int) -> Bool {
        status == 429
    }
}
