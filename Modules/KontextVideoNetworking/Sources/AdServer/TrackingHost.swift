import Foundation

/// The ad server's host for requests that carry tracking data, as its `/init` answer announces it
/// (`trackingUrl`), accepted only where Apple's rule allows it.
///
/// Apple: a privacy manifest that declares tracking (`NSPrivacyTracking`) lists the domains it
/// tracks through (`NSPrivacyTrackingDomains`), and "if the user has not granted tracking
/// permission through the App Tracking Transparency framework, network requests to these domains
/// fail". So the tracking data the SDK declares — the advertising id and the viewer's email (or
/// its hash) — goes only to a declared domain, and every request without it goes to the ad
/// server's own host, which no manifest lists and nothing blocks (`PROTOCOL.md`, *Tracking data
/// and its host*).
package struct TrackingHost: Sendable, Hashable {
    /// The base URL of the tracking host; paths such as `/video/preload` are appended to it.
    package let baseURL: URL

    /// The domains the SDK's privacy manifest (`PrivacyInfo.xcprivacy`, `NSPrivacyTrackingDomains`)
    /// declares; a test holds the two equal.
    package static let declaredDomains: Set<String> = ["tracking.megabrain.co"]

    /// The hosts of a sandbox or test server on this machine, which no App Store build talks to.
    package static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "[::1]", "localhost"]

    /// Why an announced `trackingUrl` is not used.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not an absolute URL with a host.
        case notAURL
        /// Not `https` (plain `http` only on loopback).
        case insecure
        /// A host the privacy manifest does not declare: the system would not block it for a user
        /// who did not allow tracking, so tracking data sent there would break Apple's rule.
        case undeclaredDomain(String)

        /// The refusal in a sentence, for the console.
        package var description: String {
            switch self {
            case .notAURL: "not an absolute URL with a host"
            case .insecure: "not https"
            case .undeclaredDomain(let host): "\(host) is not in the privacy manifest's NSPrivacyTrackingDomains (\(TrackingHost.declaredDomains.sorted().joined(separator: ", ")))"
            }
        }
    }

    /// The tracking host `announced`, when it may carry tracking data: `https` on a declared
    /// domain, or `http(s)` on loopback (the sandbox, tests).
    /// - Parameter announced: The `/init` answer's `trackingUrl`, as sent.
    /// - Throws: Why it may not.
    package init(announced: String) throws(Refusal) {
        guard let url = URL(string: announced), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            throw .notAURL
        }
        let isLoopback = Self.loopbackHosts.contains(host)
        guard scheme == "https" || (scheme == "http" && isLoopback) else { throw .insecure }
        guard isLoopback || Self.declaredDomains.contains(host) else { throw .undeclaredDomain(host) }
        baseURL = url
    }
}

/// Where one ad request goes, and whether it carries its tracking data: decided from what the
/// request would carry, the user's tracking permission and the tracking host the server announced.
package struct TrackingRoute: Sendable, Hashable {
    /// Whether the request carries its tracking data (`advertisingId`, `user.email`, `user.emailHash`).
    package let carriesTrackingData: Bool
    /// The tracking host, when the request goes there; `nil`: the ad server's own host.
    package let trackingHost: TrackingHost?
    /// Why tracking data the request had was left out; `nil` when none was.
    package let omission: Omission?

    /// Why tracking data was left out of a request.
    package enum Omission: String, Sendable, Hashable {
        /// The user did not allow tracking (App Tracking Transparency: not authorized).
        case notAllowed = "tracking not allowed"
        /// The server announced no usable tracking host.
        case noTrackingHost = "no tracking host"
    }

    /// The route of a request.
    /// - Parameters:
    ///   - hasTrackingData: Whether the request would carry an advertising id, an email or an email hash.
    ///   - trackingAuthorization: The App Tracking Transparency status; `nil` on a platform without it
    ///     (Linux, macOS here), where the app's word alone governs what it sets.
    ///   - trackingHost: The tracking host the server announced, if usable.
    package init(hasTrackingData: Bool, trackingAuthorization: TrackingAuthorizationStatus?, trackingHost: TrackingHost?) {
        let allowed = trackingAuthorization == nil || trackingAuthorization == .authorized
        switch (hasTrackingData, allowed, trackingHost) {
        case (false, _, _):
            self.init(carries: false, host: nil, omission: nil)
        case (true, false, _):
            self.init(carries: false, host: nil, omission: .notAllowed)
        case (true, true, nil):
            self.init(carries: false, host: nil, omission: .noTrackingHost)
        case (true, true, let host?):
            self.init(carries: true, host: host, omission: nil)
        }
    }

    private init(carries: Bool, host: TrackingHost?, omission: Omission?) {
        carriesTrackingData = carries
        trackingHost = host
        self.omission = omission
    }
}
