import Foundation
import Testing
@testable import KontextVideoSandbox

@Suite("ProtocolValidator")
struct ProtocolValidatorTests {
    private static let standardHeaders: [(name: String, value: String)] = [
        ("Content-Type", "application/json"), ("Accept", "application/json"), ("Kontextso-Publisher-Token", WireClient.token),
    ]

    /// The violations' locations for `body` sent to `path` with the standard headers, through
    /// `listener`; by default the address the body belongs to (an ad request with tracking data:
    /// the tracking host), so a test about other rules meets no routing violation.
    private func locations(_ path: String, _ body: [String: Any], headers: [(name: String, value: String)] = standardHeaders,
                           via listener: SandboxListener? = nil, issued: ProtocolValidator.Issued? = nil) throws -> [String] {
        let data = try JSONSerialization.data(withJSONObject: body)
        let request = HTTPRequest(method: "POST", target: path, headerFields: headers, body: data)
        let user = body["user"] as? [String: Any]
        let carriesTrackingData = body["advertisingId"] != nil || user?["email"] != nil || user?["emailHash"] != nil
        let listener = listener ?? (path == "/video/preload" && carriesTrackingData ? .trackingHost : .adServer)
        return ProtocolValidator.violations(of: RecordedRequest(index: 0, http: request, json: JSONValue(data: data), listener: listener), issued: issued)
            .map(\.location)
    }

    @Test("tracking data goes to the tracking host, with the user's permission; nothing else goes there")
    func trackingDataAndItsHost() throws {
        let idfa = "6d92078a-8246-4ba4-ae5b-76104861e7dc"
        let tracked = WireClient.preloadBody(format: "overlay", extra: ["advertisingId": idfa, "trackingAuthorization": "authorized"])
        #expect(try locations("/video/preload", tracked, via: .trackingHost).isEmpty)
        #expect(try locations("/video/preload", tracked, via: .adServer) == ["host"], "tracking data on the ad server's own host")
        let email = WireClient.preloadBody(format: "overlay", extra: ["user": ["emailHash": String(repeating: "0f", count: 32)]])
        #expect(try locations("/video/preload", email, via: .trackingHost).isEmpty, "a platform without tracking authorization")
        #expect(try locations("/video/preload", email, via: .adServer) == ["host"])
        let untracked = WireClient.preloadBody(format: "overlay", extra: ["trackingAuthorization": "denied"])
        #expect(try locations("/video/preload", untracked, via: .adServer).isEmpty)
        #expect(try locations("/video/preload", untracked, via: .trackingHost) == ["host"],
                "a request without tracking data on the tracking host would fail for a user who did not allow tracking")
        #expect(try locations("/init", WireClient.initBody(), via: .trackingHost) == ["host"])
        #expect(try locations("/video/events", WireClient.eventsBody([WireClient.event("impression")]), via: .trackingHost) == ["host"])
        let withoutPermission = WireClient.preloadBody(format: "overlay", extra: [
            "user": ["email": "a@b.c"], "trackingAuthorization": "notDetermined",
        ])
        #expect(try locations("/video/preload", withoutPermission, via: .trackingHost) == ["body.user"])
    }

    @Test func wellFormedRequestsPass() throws {
        #expect(try locations("/init", WireClient.initBody()).isEmpty)
        #expect(try locations("/video/preload", WireClient.preloadBody(format: "linear")).isEmpty)
        let events = [
            WireClient.event("impression"),
            WireClient.event("click", data: ["area": "end_card"]),
            WireClient.event("ended", data: ["reason": "skipped", "completed": false]),
            WireClient.event("reject", data: ["reason": "not_used"]),
            WireClient.event("reject", data: ["reason": "outbid", "winningPrice": 2.4, "winner": "Other network"]),
            WireClient.event("dropped"),
            WireClient.event("expired"),
            WireClient.event("vast_error", data: ["code": 405]),
        ]
        #expect(try locations("/video/events", WireClient.eventsBody(events)).isEmpty)
    }

    @Test func checksTheHeaders() throws {
        #expect(try locations("/init", WireClient.initBody(), headers: []) == [
            "header Content-Type", "header Accept", "header Kontextso-Publisher-Token",
        ])
        let latin = [("Content-Type", "application/json; charset=iso-8859-1"), ("Accept", "application/json"),
                     ("Kontextso-Publisher-Token", WireClient.token)]
        #expect(try locations("/init", WireClient.initBody(), headers: latin) == ["header Content-Type"])
        let utf8 = [("Content-Type", "application/json; charset=utf-8"), ("Accept", "application/json"),
                    ("Kontextso-Publisher-Token", WireClient.token)]
        #expect(try locations("/init", WireClient.initBody(), headers: utf8).isEmpty)
    }

    @Test func checksTheCommonMembers() throws {
        var body = WireClient.initBody()
        body["publisherToken"] = "someone-else"
        body["installId"] = "not-a-uuid"
        body["sdk"] = ["name": "kontext-video-kotlin", "platform": "android", "version": ""]
        body["sessionId"] = 7
        #expect(Set(try locations("/init", body)) == [
            "header Kontextso-Publisher-Token", "body.installId", "body.sdk.name", "body.sdk.platform",
            "body.sdk.version", "body.sessionId",
        ])
    }

    @Test func theInstallIdMayBeAbsentOnlyWhereConsentCanTakeItAway() throws {
        var preload = WireClient.preloadBody(format: "overlay")
        preload.removeValue(forKey: "installId")
        preload["regulatory"] = ["gdpr": 0]
        #expect(try locations("/video/preload", preload) == ["body.installId"], "an ad request without GDPR applying must carry one")
        preload["regulatory"] = ["gdpr": 1]
        #expect(try locations("/video/preload", preload).isEmpty, "GDPR applies: the SDK left it out for want of consent")
        var initBody = WireClient.initBody()
        initBody.removeValue(forKey: "installId")
        #expect(try locations("/init", initBody).isEmpty)
        initBody["installId"] = "NOT-A-UUID"
        #expect(try locations("/init", initBody) == ["body.installId"], "when present it is a lowercase UUID")
    }

    @Test func nullsAreViolationsWhereverTheyAre() throws {
        var body = WireClient.preloadBody(format: "overlay")
        body["variantId"] = NSNull()
        body["content"] = ["id": "e1", "language": "en", "title": NSNull()] as [String: Any]
        #expect(Set(try locations("/video/preload", body)) == ["body.variantId", "body.content.title"])
    }

    @Test func checksThePreloadMembers() throws {
        let body = WireClient.preloadBody(format: "midroll", extra: [
            "playhead": -1,
            "labels": [:] as [String: Any],
            "regulatory": ["gdpr": true, "coppa": 2, "gppSid": ["2"]] as [String: Any],
            "user": ["emailHash": "ABC"],
            "content": ["language": "en", "mediaRating": "mature"],
        ])
        #expect(Set(try locations("/video/preload", body)) == [
            "body.format", "body.playhead", "body.labels", "body.regulatory.gdpr", "body.regulatory.coppa",
            "body.regulatory.gppSid", "body.user.emailHash", "body.content.id", "body.content.mediaRating",
        ])
    }

    @Test func deviceIdentifiersPassWhenTheyFollowTheRules() throws {
        let idfa = "6d92078a-8246-4ba4-ae5b-76104861e7dc", idfv = "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"
        #expect(try locations("/video/preload", WireClient.preloadBody(format: "pause", extra: [
            "advertisingId": idfa, "vendorId": idfv, "trackingAuthorization": "authorized",
        ])).isEmpty)
        #expect(try locations("/video/preload", WireClient.preloadBody(format: "pause", extra: [
            "vendorId": idfv, "trackingAuthorization": "denied",
        ])).isEmpty)
        #expect(try locations("/video/preload", WireClient.preloadBody(format: "pause")).isEmpty, "no identifiers at all")
    }

    @Test("device identifiers that break the rules", arguments: [
        (["advertisingId": "00000000-0000-0000-0000-000000000000", "trackingAuthorization": "authorized"], ["body.advertisingId"]),
        (["vendorId": "00000000-0000-0000-0000-000000000000"], ["body.vendorId"]),
        (["advertisingId": "6D92078A-8246-4BA4-AE5B-76104861E7DC", "trackingAuthorization": "authorized"], ["body.advertisingId"]),
        (["advertisingId": "6d92078a-8246-4ba4-ae5b-76104861e7dc", "trackingAuthorization": "denied"], ["body.advertisingId"]),
        (["advertisingId": "6d92078a-8246-4ba4-ae5b-76104861e7dc"], ["body.advertisingId"]),
        (["vendorId": 42], ["body.vendorId"]),
        (["trackingAuthorization": "yes"], ["body.trackingAuthorization"]),
        (["trackingAuthorization": 3], ["body.trackingAuthorization"]),
    ] as [([String: any Sendable], [String])])
    func deviceIdentifierViolations(extra: [String: any Sendable], expected: [String]) throws {
        #expect(try locations("/video/preload", WireClient.preloadBody(format: "pause", extra: extra)) == expected)
    }

    @Test("events name only sessions and ads this server issued: others were queued for another server")
    func flagsEventsOfAnotherServer() throws {
        let issued = ProtocolValidator.Issued(sessions: ["sandbox-session-mine"], adIds: ["ad-1", "ad-2"])
        let mine = [WireClient.event("impression", adId: "ad-1"), WireClient.event("expired", adId: "ad-2")]
        #expect(try locations("/video/events", WireClient.eventsBody(mine, sessionId: "sandbox-session-mine"), issued: issued).isEmpty)
        #expect(try locations("/video/events", WireClient.eventsBody(mine), issued: issued).isEmpty, "no session known yet")
        #expect(try locations("/video/events", WireClient.eventsBody(mine, sessionId: "sandbox-session-theirs"), issued: issued)
            == ["body.sessionId"])
        let theirs = [WireClient.event("impression", adId: "ad-1"), WireClient.event("impression", adId: "ad-7")]
        #expect(try locations("/video/events", WireClient.eventsBody(theirs), issued: issued) == ["body.events[1].adId"])
        #expect(try locations("/video/events", WireClient.eventsBody(theirs, sessionId: "sandbox-session-theirs")).isEmpty,
                "without what the server issued, only the form is checked")
    }

    @Test func checksEveryEvent() throws {
        var badTime = WireClient.event("impression")
        badTime["timestamp"] = "2026-11-29T16:02:24Z"
        var upperId = WireClient.event("expired")
        upperId["eventId"] = "5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11"
        let events = [
            badTime, upperId,
            WireClient.event("seen"),
            WireClient.event("click"),
            WireClient.event("ended", data: ["reason": "bored", "completed": 1]),
            WireClient.event("reject", data: ["reason": "outbid", "winningPrice": "2.4"]),
            WireClient.event("vast_error", data: ["code": "405"]),
            WireClient.event("impression", data: ["extra": 1]),
        ]
        #expect(try locations("/video/events", WireClient.eventsBody(events)) == [
            "body.events[0].timestamp", "body.events[1].eventId", "body.events[2].type", "body.events[3].data.area",
            "body.events[4].data.reason", "body.events[4].data.completed", "body.events[5].data.winningPrice",
            "body.events[6].data.code", "body.events[7].data",
        ])
        #expect(try locations("/video/events", WireClient.eventsBody([])) == ["body.events"])
    }

    @Test func aBodyThatIsNotAnObject() throws {
        let request = HTTPRequest(method: "GET", target: "/init", headerFields: Self.standardHeaders, body: Data("[1]".utf8))
        let found = ProtocolValidator.violations(of: RecordedRequest(index: 3, http: request, json: JSONValue(data: request.body)))
        #expect(found.map(\.location) == ["method", "body"])
        #expect(found.first?.description == "#3 /init method: expected POST, got GET")
    }

    @Test(arguments: [
        ("2026-11-29T16:02:24.123Z", true), ("2026-11-29T16:02:24.123", false), ("2026-11-29T16:02:24.12Z", false),
        ("2026-13-29T16:02:24.123Z", false), ("2026-11-29 16:02:24.123Z", false), ("2026-11-29T16:02:24.123+00:00", false),
    ])
    func recognisesTimestamps(text: String, valid: Bool) {
        #expect(ProtocolValidator.isTimestamp(text) == valid)
    }

    @Test(arguments: [
        ("5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11", true), ("5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11", false),
        ("5d0c6f0e8f7b4c539e1a0d1f6b7a9c11", false), ("5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c1g", false),
    ])
    func recognisesLowercaseUUIDs(text: String, valid: Bool) {
        #expect(ProtocolValidator.isLowercaseUUID(text) == valid)
    }
}
