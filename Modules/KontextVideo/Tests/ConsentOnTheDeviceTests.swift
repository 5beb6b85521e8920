import Foundation
import Testing
import KontextVideo
import KontextVideoNetworking
import KontextVideoTesting
import KontextVideoSandbox

/// Consent obeyed on the device, through the public API and the test kit (issue 33): with the
/// consent platform's storage and the app's `regulatory` set, what each request carries and what
/// stays on disk.
@Suite("Consent on the device")
@MainActor
struct ConsentOnTheDeviceTests {
    /// A TC string whose core segment consents to purposes 2–4 and 7 but not Purpose 1 (written
    /// by a CMP that refused "store and/or access information on a device").
    static let purposeOneRefused = "CO5rKAAO5rKAAAHABBENBkEAAHIAAAAAAAggAAA"

    let viewer = KontextVideoUser(id: "viewer-7", email: "v@example.com", keywords: ["drama"])

    /// Starts the SDK on a platform with device ids and ATT authorized, the app's `user` and
    /// `regulatory` set, and asks for one pause ad; returns the ad request's body.
    func request(
        on harness: KontextVideoHarness, regulatory: KontextVideo.Regulatory?, cmp: [String: Any] = [:]
    ) async throws -> [String: KontextVideoSandbox.JSONValue] {
        for (key, value) in cmp { harness.defaults.set(value, forKey: key) }
        KontextVideo.shared.beginSession { $0.platform = ScriptedPlatform(status: .authorized, answer: .authorized) }
        KontextVideo.shared.user = viewer
        KontextVideo.shared.regulatory = regulatory
        await KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev", logLevel: .none, serverURL: harness.serverURL))
        _ = try await VideoAds(content: .init(id: "e1", language: "en")).format(.pause)
        #expect(harness.server?.protocolViolations.isEmpty == true, "\(harness.server?.protocolViolations ?? [])")
        return try #require(harness.server?.requests(path: "/video/preload").last?.json?.objectValue)
    }

    var installIdFile: (KontextVideoHarness) -> URL {
        { $0.storageDirectory.appendingPathComponent("install-id") }
    }

    @Test("GDPR with Purpose 1 refused: no id, no viewer data, nothing on disk — from the CMP or from the app")
    func gdprRefused() async throws {
        for source in ["cmp", "app"] {
            try await KontextVideoHarness.run { harness in
                let body = source == "cmp"
                    ? try await request(on: harness, regulatory: nil, cmp: ["IABTCF_gdprApplies": 1, "IABTCF_TCString": Self.purposeOneRefused])
                    : try await request(on: harness, regulatory: .init(gdpr: true, gdprConsent: Self.purposeOneRefused))
                for member in ["installId", "vendorId", "advertisingId"] { #expect(body[member] == nil, "\(source): \(member)") }
                #expect(body["user"] == nil, "\(source): no user.id, email or hash")
                #expect(!FileManager.default.fileExists(atPath: installIdFile(harness).path), "\(source): no install id on disk")
                #expect(harness.defaults.object(forKey: "so.kontext.video.installId") == nil)
                #expect(harness.server?.requests(path: "/init").allSatisfy { $0.json?.objectValue?["installId"] == nil } == true)
            }
        }
    }

    @Test("GDPR with an unreadable TC string is no consent")
    func gdprUnreadable() async throws {
        try await KontextVideoHarness.run { harness in
            let body = try await request(on: harness, regulatory: nil, cmp: ["IABTCF_gdprApplies": 1, "IABTCF_TCString": "garbage"])
            #expect(body["installId"] == nil && body["vendorId"] == nil && body["user"] == nil)
        }
    }

    @Test("withdrawal: an install id kept before consent was refused is erased, and the next request carries none")
    func withdrawal() async throws {
        try await KontextVideoHarness.run { harness in
            let before = try await request(on: harness, regulatory: nil)
            #expect(before["installId"] != nil)
            #expect(FileManager.default.fileExists(atPath: installIdFile(harness).path))
            harness.defaults.set(1, forKey: "IABTCF_gdprApplies")
            harness.defaults.set("0111", forKey: "IABTCF_PurposeConsents")
            _ = try await VideoAds(content: .init(id: "e2", language: "en")).format(.overlay)
            let after = try #require(harness.server?.requests(path: "/video/preload").last?.json?.objectValue)
            #expect(after["installId"] == nil, "read again at the next request")
            #expect(!FileManager.default.fileExists(atPath: installIdFile(harness).path), "erased from disk")
        }
    }

    @Test("COPPA: none of the viewer's data the app set, no IDFA or IDFV; the install id stays")
    func coppa() async throws {
        try await KontextVideoHarness.run { harness in
            let body = try await request(on: harness, regulatory: .init(coppa: true))
            #expect(body["user"] == nil)
            #expect(body["advertisingId"] == nil && body["vendorId"] == nil)
            #expect(body["installId"] != nil)
            #expect(harness.server?.requests(path: "/video/preload").allSatisfy { $0.listener != .trackingHost } == true)
        }
    }

    @Test("a US opt-out of sale: no email or hash, no IDFA; the rest as usual")
    func usOptOut() async throws {
        try await KontextVideoHarness.run { harness in
            let body = try await request(on: harness, regulatory: nil, cmp: ["IABUSPrivacy_String": "1YYN"])
            let user = try #require(body["user"]?.objectValue)
            #expect(user["email"] == nil && user["emailHash"] == nil)
            #expect(user["id"]?.stringValue == "viewer-7")
            #expect(body["advertisingId"] == nil)
            #expect(body["vendorId"] != nil && body["installId"] != nil)
        }
    }

    @Test("GDPR not applying: as before")
    func gdprNotApplying() async throws {
        try await KontextVideoHarness.run { harness in
            let body = try await request(on: harness, regulatory: nil, cmp: ["IABTCF_gdprApplies": 0, "IABTCF_TCString": Self.purposeOneRefused])
            #expect(body["installId"] != nil && body["vendorId"] != nil && body["advertisingId"] != nil)
            #expect(body["user"]?.objectValue?["id"]?.stringValue == "viewer-7")
        }
    }
}
