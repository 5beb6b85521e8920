import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels

/// The transport an ad's own URLs are fetched through (its VAST tag and wrappers, an image, an end
/// card): a request `AdURLRule.mayFetch` refuses never leaves, and fails as a host that cannot be
/// reached does (`URLError(.cannotConnectToHost)`), so a wrapper on this device or a private network
/// is VAST error 301 like any unreachable tag (issue 32). The ad server's own requests do not go
/// through it.
package struct AdURLGuardedTransport: HTTPTransport {
    /// The transport that sends what the rule allows.
    package let base: any HTTPTransport
    /// What may be fetched.
    package let rule: AdURLRule

    /// Guards `base` with `rule`.
    package init(_ base: any HTTPTransport, rule: AdURLRule) {
        self.base = base
        self.rule = rule
    }

    /// Sends `request` through `base` when the rule allows its URL; throws
    /// `URLError(.cannotConnectToHost)` without sending otherwise.
    package func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, rule.mayFetch(url) else {
            throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "refused by the SDK: not an http(s) URL of a public host"])
        }
        return try await base.send(request)
    }
}
