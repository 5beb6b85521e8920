import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

/// Which announced tracking host may carry tracking data, and where each ad request goes.
@Suite("TrackingHost and TrackingRoute")
struct TrackingHostTests {
    @Test("accepted: https on a declared domain, or http(s) on loopback (the sandbox, tests)", arguments: [
        "https://tracking.megabrain.co", "https://TRACKING.megabrain.co/", "https://tracking.megabrain.co/v2",
        "http://127.0.0.1:8123", "http://[::1]:9", "http://localhost:1", "https://127.0.0.1",
    ])
    func accepted(announced: String) throws {
        let host = try TrackingHost(announced: announced)
        #expect(host.baseURL.absoluteString == announced)
        #expect(AdServerIdentity.url(for: "/video/preload", on: host.baseURL).path.hasSuffix("/video/preload"))
    }

    @Test("refused, with the reason", arguments: [
        ("http://tracking.megabrain.co", TrackingHost.Refusal.insecure),
        ("ftp://127.0.0.1", .insecure),
        ("https://server.megabrain.co", .undeclaredDomain("server.megabrain.co")),
        ("https://tracking.megabrain.co.evil.example", .undeclaredDomain("tracking.megabrain.co.evil.example")),
        ("https://x.tracking.megabrain.co", .undeclaredDomain("x.tracking.megabrain.co")),
        ("http://192.168.1.20:8080", .insecure),
        ("not a url", .notAURL), ("", .notAURL), ("/relative/path", .notAURL),
    ])
    func refused(announced: String, refusal: TrackingHost.Refusal) {
        #expect(throws: refusal) { try TrackingHost(announced: announced) }
    }

    static let host = try! TrackingHost(announced: "https://tracking.megabrain.co")

    @Test("a request carries its tracking data, to the tracking host, only with permission and a host", arguments: [
        // hasTrackingData, status, host announced → carries, to the tracking host, omission
        (false, TrackingAuthorizationStatus.authorized, true, false, nil as TrackingRoute.Omission?),
        (false, nil, false, false, nil),
        (true, .authorized, true, true, nil),
        (true, nil, true, true, nil),
        (true, .denied, true, false, .notAllowed),
        (true, .notDetermined, true, false, .notAllowed),
        (true, .restricted, true, false, .notAllowed),
        (true, .authorized, false, false, .noTrackingHost),
        (true, nil, false, false, .noTrackingHost),
    ] as [(Bool, TrackingAuthorizationStatus?, Bool, Bool, TrackingRoute.Omission?)])
    func route(hasTrackingData: Bool, status: TrackingAuthorizationStatus?, announced: Bool, carries: Bool,
               omission: TrackingRoute.Omission?) {
        let route = TrackingRoute(hasTrackingData: hasTrackingData, trackingAuthorization: status,
                                  trackingHost: announced ? Self.host : nil)
        #expect(route.carriesTrackingData == carries)
        #expect((route.trackingHost != nil) == carries, "the tracking host exactly when tracking data travels")
        #expect(route.omission == omission)
    }

    @Test("tracking data is the advertising id, the email and the email hash; nothing else")
    func trackingData() {
        let content = KontextVideoContent(id: "episode-1", language: "en")
        let authorized = DeviceIdentifiers(trackingAuthorization: .authorized, advertisingIdentifier: UUID(), vendorIdentifier: UUID())
        let denied = DeviceIdentifiers(trackingAuthorization: .denied, advertisingIdentifier: UUID(), vendorIdentifier: UUID())
        #expect(AdRequest(format: .overlay, content: content, identifiers: authorized).hasTrackingData)
        #expect(!AdRequest(format: .overlay, content: content, identifiers: denied).hasTrackingData, "no advertising id without permission")
        #expect(AdRequest(format: .overlay, content: content, user: .init(email: "a@b.c")).hasTrackingData)
        #expect(AdRequest(format: .overlay, content: content, user: .init(emailHash: String(repeating: "0f", count: 32))).hasTrackingData)
        #expect(!AdRequest(format: .overlay, content: content, user: .init(id: "u", keywords: ["drama"])).hasTrackingData)
    }
}
