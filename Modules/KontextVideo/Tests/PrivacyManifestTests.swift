import Foundation
import KontextVideo
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

    @Test("the data declared as used for tracking is the data that travels only to the tracking host")
    func trackedDataTypes() throws {
        let types = try #require(try Self.read()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        let tracked = Set(types.filter { $0["NSPrivacyCollectedDataTypeTracking"] as? Bool == true }
            .compactMap { $0["NSPrivacyCollectedDataType"] as? String })
        // The advertising id (a device ID) and the email or its hash.
        #expect(tracked == ["NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeEmailAddress"])
    }
}
