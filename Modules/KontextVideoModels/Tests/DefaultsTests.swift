import Foundation
import Testing
@testable import KontextVideoModels

@Suite("Defaults of the public value types")
struct DefaultsTests {
    @Test func configurationDefaults() {
        let configuration = KontextVideoConfiguration(publisherToken: "acme-dev")
        #expect(configuration.requestTrackingAuthorization == false)
        #expect(configuration.logLevel == .warning)
        #expect(configuration.serverURL.absoluteString == "https://server.megabrain.co")
    }

    @Test func optionalFieldsDefaultToNil() {
        let user = KontextVideoUser()
        #expect(user.id == nil && user.email == nil && user.emailHash == nil && user.keywords == nil)
        #expect(KontextVideoUser(id: "v1").id == "v1")
        let regulatory = KontextVideoRegulatory()
        #expect(regulatory.gdpr == nil && regulatory.coppa == nil && regulatory.gppSid == nil)
        let content = KontextVideoContent(id: "e1", language: "en")
        #expect(content.series == nil && content.mediaRating == nil && content.duration == nil)
    }

    @Test func logLevelsOrderBySeverity() {
        #expect(KontextVideoConfiguration.LogLevel.none < .error)
        #expect(KontextVideoConfiguration.LogLevel.warning < .debug)
    }

    @Test func clickAreasRoundTripTheirWireNames() {
        for area in [VideoAdClick.Area.creative, .endCard, .other("cta")] {
            #expect(VideoAdClick.Area(wireName: area.wireName) == area)
        }
    }
}
