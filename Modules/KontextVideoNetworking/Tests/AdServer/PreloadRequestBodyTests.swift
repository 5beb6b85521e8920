import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import Testing

@Suite("POST /video/preload request body")
struct PreloadRequestBodyTests {
    let requestId = UUID(uuidString: "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D")!
    let installId = UUID(uuidString: "5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11")!

    @Test("a full request matches the document's example field for field")
    func fullRequest() throws {
        let content = KontextVideoContent(
            id: "episode-1", language: "en", mediaRating: .safe,
            url: URL(string: "https://acme.example/drama/episode-1"), title: "The Return",
            categories: ["IAB1"], description: "She comes back.", duration: 1320.5, episodeNumber: 3,
            keywords: ["return", "family"], genre: "romance",
            series: .init(id: "s1", title: "Homecoming", description: "A family saga.", episodeCount: 80)
        )
        let request = AdRequest(
            format: .overlay, content: content, labels: ["stage": "first_episode"], playhead: 12.5,
            user: KontextVideoUser(id: "u-1", email: "a@b.c", emailHash: String(repeating: "ab", count: 32), keywords: ["drama"]),
            variantId: "b",
            identifiers: DeviceIdentifiers(
                trackingAuthorization: .authorized,
                advertisingIdentifier: UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC"),
                vendorIdentifier: UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6"))
        )
        let regulatory = WireRegulatory(gdpr: 1, gdprConsent: "CP-consent", coppa: 0, gpp: "DBAB", gppSid: [2, 3], usPrivacy: "1YNN")
        let body = PreloadRequestBody(
            request: request, environment: testEnvironment(), requestId: requestId, installId: installId,
            sessionId: "session-7", regulatory: regulatory
        )
        let expected = try json("""
        {
          "publisherToken": "acme-dev",
          "requestId": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          "installId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11",
          "sessionId": "session-7",
          "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
          "app": {"bundleId": "com.acme.drama", "version": "3.2.1"},
          "device": {"os": "iOS", "osVersion": "18.1", "model": "iPhone16,2", "locale": "en_US",
                     "screenWidth": 393, "screenHeight": 852, "scale": 3},
          "format": "overlay",
          "content": {"id": "episode-1", "language": "en", "mediaRating": "safe",
                      "url": "https://acme.example/drama/episode-1", "title": "The Return", "categories": ["IAB1"],
                      "description": "She comes back.", "duration": 1320.5, "episodeNumber": 3,
                      "keywords": ["return", "family"], "genre": "romance",
                      "series": {"id": "s1", "title": "Homecoming", "description": "A family saga.", "episodeCount": 80}},
          "labels": {"stage": "first_episode"},
          "playhead": 12.5,
          "user": {"id": "u-1", "email": "a@b.c", "emailHash": "\(String(repeating: "ab", count: 32))", "keywords": ["drama"]},
          "regulatory": {"gdpr": 1, "gdprConsent": "CP-consent", "coppa": 0, "gpp": "DBAB", "gppSid": [2, 3], "usPrivacy": "1YNN"},
          "variantId": "b",
          "advertisingId": "6d92078a-8246-4ba4-ae5b-76104861e7dc",
          "vendorId": "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
          "trackingAuthorization": "authorized"
        }
        """)
        #expect(try encoded(body) == expected)
    }

    @Test("unknown values are omitted, never null; empty labels and user are left out")
    func minimalRequest() throws {
        var environment = testEnvironment()
        environment.device = DeviceFacts(os: "Linux")
        let request = AdRequest(format: .pause, content: KontextVideoContent(id: "e", language: "pt-BR"), user: KontextVideoUser())
        let body = PreloadRequestBody(
            request: request, environment: environment, requestId: requestId, installId: installId,
            sessionId: nil, regulatory: nil
        )
        let expected = try json("""
        {
          "publisherToken": "acme-dev",
          "requestId": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          "installId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11",
          "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
          "app": {"bundleId": "com.acme.drama", "version": "3.2.1"},
          "device": {"os": "Linux"},
          "format": "pause",
          "content": {"id": "e", "language": "pt-BR"},
          "playhead": 0
        }
        """)
        let actual = try encoded(body)
        #expect(actual == expected)
        let text = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
        #expect(!text.contains("null"))
    }

    @Test("a playhead that is negative or not finite is sent as 0", arguments: [-3.0, .nan, .infinity])
    func invalidPlayhead(playhead: Double) throws {
        let request = AdRequest(format: .linear, content: KontextVideoContent(id: "e", language: "en"), playhead: playhead)
        let object = try encodedObject(request)
        #expect(object["playhead"] == .integer(0))
    }

    @Test("the device measured for the request replaces the facts from initialize")
    func deviceOfTheRequest() throws {
        let measured = DeviceFacts(os: "iOS", osVersion: "26.0", screenWidth: 402, screenHeight: 874, scale: 3)
        let request = AdRequest(format: .pause, content: KontextVideoContent(id: "e", language: "en"), device: measured)
        let object = try encodedObject(request)
        #expect(object["device"] == (try encoded(measured)))
    }

    @Test("without App Tracking Transparency no identifier and no status is sent")
    func noIdentifiers() throws {
        let request = AdRequest(format: .pause, content: KontextVideoContent(id: "e", language: "en"))
        let object = try encodedObject(request)
        #expect(object["advertisingId"] == nil && object["vendorId"] == nil && object["trackingAuthorization"] == nil)
    }

    /// The body of `request` with the test environment and no session or consent, as a JSON object.
    private func encodedObject(_ request: AdRequest) throws -> [String: JSONValue] {
        let body = PreloadRequestBody(
            request: request, environment: testEnvironment(), requestId: requestId, installId: installId,
            sessionId: nil, regulatory: nil
        )
        if case .object(let object) = try encoded(body) { return object }
        Issue.record("the body is not a JSON object")
        return [:]
    }
}
