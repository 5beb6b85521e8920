import Foundation
import KontextVideo
import KontextVideoModels
import KontextVideoNetworking
import Testing

/// The privacy manifest the `KontextVideo` library ships (`PrivacyInfo.xcprivacy`), read as the
/// property list Xcode reads, against Apple's rule and the SDK's own routing.
@Suite("PrivacyInfo.xcprivacy")
struct PrivacyManifestTests {
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/PrivacyInfo.xcprivacy")

    static func read() throws -> [String: Any] {
        let data = try Data(contentsOf: manifest)
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test("a manifest that declares tracking lists its tracking domains (Apple's NSPrivacyTracking page), the ones the SDK sends tracking data to")
    func trackingDomains() throws {
        let manifest = try Self.read()
        #expect(manifest["NSPrivacyTracking"] as? Bool == true)
        let domains = try #require(manifest["NSPrivacyTrackingDomains"] as? [String])
        #expect(!domains.isEmpty)
        #expect(Set(domains) == TrackingHost.declaredDomains)
    }

    @Test("the ad server's own host is not a tracking domain: the system never blocks the requests of users who did not allow tracking")
    func adServerHostIsNotListed() throws {
        let domains = try #require(try Self.read()["NSPrivacyTrackingDomains"] as? [String])
        let adServer = try #require(KontextVideo.Configuration.productionServerURL.host)
        #expect(!domains.contains(adServer))
        #expect(!domains.contains { adServer.hasSuffix("." + $0) })
    }

    /// The fields of the ad request that say something of the viewer or the device, each with the
    /// data type Apple's list gives it, and the request that carries it alone (`nil`: the install
    /// id, which goes with every request, `/init` included, from the environment).
    static var wireFields: [(field: String, dataType: String, request: AdRequest?)] {
        let content = KontextVideoContent(id: "episode-1", language: "en")
        let idfa = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC")!
        let idfv = UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6")!
        func request(user: KontextVideoUser? = nil, identifiers: DeviceIdentifiers = .none) -> AdRequest {
            AdRequest(format: .pause, content: content, user: user, identifiers: identifiers)
        }
        return [
            ("installId", "NSPrivacyCollectedDataTypeDeviceID", nil),
            ("vendorId", "NSPrivacyCollectedDataTypeDeviceID",
             request(identifiers: DeviceIdentifiers(trackingAuthorization: .authorized, advertisingIdentifier: nil, vendorIdentifier: idfv))),
            ("advertisingId", "NSPrivacyCollectedDataTypeDeviceID",
             request(identifiers: DeviceIdentifiers(trackingAuthorization: .authorized, advertisingIdentifier: idfa, vendorIdentifier: nil))),
            ("user.id", "NSPrivacyCollectedDataTypeUserID", request(user: KontextVideoUser(id: "u-1"))),
            ("user.email", "NSPrivacyCollectedDataTypeEmailAddress", request(user: KontextVideoUser(email: "viewer@example.com"))),
            ("user.emailHash", "NSPrivacyCollectedDataTypeEmailAddress",
             request(user: KontextVideoUser(emailHash: String(repeating: "ab", count: 32)))),
            ("user.keywords", "NSPrivacyCollectedDataTypeOtherDataTypes", request(user: KontextVideoUser(keywords: ["drama"]))),
            ("content", "NSPrivacyCollectedDataTypeProductInteraction", request()),
        ]
    }

    static func collectedDataTypes() throws -> [[String: Any]] {
        try #require(try read()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
    }

    @Test("the data types declared as used for tracking are those of the fields an ad request carries only with permission, to the tracking host")
    func trackedDataTypes() throws {
        let types = try Self.collectedDataTypes()
        let tracked = Set(types.filter { $0["NSPrivacyCollectedDataTypeTracking"] as? Bool == true }
            .compactMap { $0["NSPrivacyCollectedDataType"] as? String })
        let onlyWithPermission = Self.wireFields.filter { $0.request?.hasTrackingData == true }
        #expect(onlyWithPermission.map(\.field) == ["advertisingId", "user.email", "user.emailHash"])
        #expect(tracked == Set(onlyWithPermission.map(\.dataType)))
        // The advertising id and the email or its hash.
        #expect(tracked == ["NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeEmailAddress"])
    }

    @Test("the install id and the IDFV travel without permission, to the ad server's own host, never to the tracking host")
    func identifiersWithoutPermissionAreNotTracking() throws {
        let host = try TrackingHost(announced: "https://tracking.megabrain.co")
        for (field, _, request) in Self.wireFields where ["installId", "vendorId"].contains(field) {
            #expect(request?.hasTrackingData != true, "\(field) is not tracking data")
            for status in TrackingAuthorizationStatus.allCases {
                let route = TrackingRoute(hasTrackingData: request?.hasTrackingData ?? false, trackingAuthorization: status, trackingHost: host)
                #expect(route.trackingHost == nil, "\(field) with \(status) goes to the ad server's own host")
            }
        }
        // The tracking data goes to the tracking host only when authorized.
        for (field, _, request) in Self.wireFields where request?.hasTrackingData == true {
            for status in TrackingAuthorizationStatus.allCases {
                let route = TrackingRoute(hasTrackingData: true, trackingAuthorization: status, trackingHost: host)
                #expect(route.carriesTrackingData == (status == .authorized), "\(field) with \(status)")
                #expect((route.trackingHost?.baseURL.host).map(TrackingHost.declaredDomains.contains) ?? true)
            }
        }
    }

    @Test("every field the wire carries of the viewer or the device is a declared data type, one dictionary per type (Apple's Describing data use in privacy manifests)")
    func everyWireFieldIsDeclared() throws {
        let declared = try Self.collectedDataTypes().compactMap { $0["NSPrivacyCollectedDataType"] as? String }
        #expect(declared.count == Set(declared).count, "one dictionary per data type")
        for (field, dataType, _) in Self.wireFields {
            #expect(declared.contains(dataType), "\(field) is \(dataType)")
        }
        for entry in try Self.collectedDataTypes() {
            #expect(entry["NSPrivacyCollectedDataTypeTracking"] is Bool)
            #expect(entry["NSPrivacyCollectedDataTypeLinked"] is Bool)
            #expect(!((entry["NSPrivacyCollectedDataTypePurposes"] as? [String]) ?? []).isEmpty)
        }
    }
}
