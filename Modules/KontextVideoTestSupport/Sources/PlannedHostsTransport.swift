import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoConcurrency
import KontextVideoNetworking

/// A transport that lets requests reach only the hosts a test planned for (loopback, and the
/// ad server it named) and refuses every other one as if the device were offline, recording it,
/// so a scripted VAST wrapper or a stray pixel can never leave the machine and the test can fail
/// on what nobody planned.
package final class PlannedHostsTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let plannedHosts: Set<String>
    private let refused = LockedState<[URL]>([])

    /// Sends planned requests through `base`; `plannedHosts` are allowed besides loopback.
    package init(base: any HTTPTransport, plannedHosts: Set<String> = []) {
        self.base = base
        self.plannedHosts = Set(plannedHosts.map { $0.lowercased() })
    }

    /// Every request refused so far, in order.
    package var unplannedRequests: [URL] { refused.snapshot }

    /// Sends `request` if its host was planned; otherwise records it and throws
    /// `URLError(.notConnectedToInternet)`.
    package func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, isPlanned(url) else {
            refused.withLock { $0.append(request.url ?? URL(fileURLWithPath: "/")) }
            throw URLError(.notConnectedToInternet)
        }
        return try await base.send(request)
    }

    private func isPlanned(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return Self.isLoopback(host) || plannedHosts.contains(host)
    }

    /// `localhost`, `::1` and the whole `127.0.0.0/8` range.
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
