import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import Testing

@Suite("ServerEvent")
struct ServerEventTests {
    let when = Date(timeIntervalSince1970: 1_795_968_144.123) // 2026-11-29T16:02:24.123Z

    func wire(_ event: ServerEvent, eventId: UUID = UUID()) throws -> JSONValue {
        try json(Data(WireEvent(event, eventId: eventId, queuedAt: Date()).encoded.json))
    }

    @Test("an impression matches the document's example, its queued id in lowercase")
    func impression() throws {
        let event = ServerEvent.impression(adId: "ad-123", format: .overlay, playhead: 12.5, at: when)
        let eventId = try #require(UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001"))
        #expect(try wire(event, eventId: eventId) == json("""
        {"eventId": "c0ffee00-0000-4000-8000-000000000001", "type": "impression", "adId": "ad-123", "format": "overlay",
         "timestamp": "2026-11-29T16:02:24.123Z", "playhead": 12.5, "data": {}}
        """))
    }

    @Test("each type carries the data the table asks for")
    func dataPerType() throws {
        func data(_ event: ServerEvent) throws -> JSONValue? {
            guard case .object(let object) = try wire(event) else { return nil }
            return object["data"]
        }
        let ad = (adId: "a", format: AdFormat.linear)
        #expect(try data(.click(area: .creative, adId: ad.adId, format: ad.format)) == json(#"{"area": "creative"}"#))
        #expect(try data(.click(area: .endCard, adId: ad.adId, format: ad.format)) == json(#"{"area": "end_card"}"#))
        #expect(try data(.click(area: .other("cta"), adId: ad.adId, format: ad.format)) == json(#"{"area": "cta"}"#))
        #expect(try data(.ended(reason: .skipped, completed: false, adId: ad.adId, format: ad.format))
            == json(#"{"reason": "skipped", "completed": false}"#))
        // Each ended event shares a table's details: every reason, completed or not, finds its own.
        for reason in VideoAdEndReason.allCases {
            for completed in [false, true] {
                #expect(try data(.ended(reason: reason, completed: completed, adId: ad.adId, format: ad.format))
                    == .object(["reason": .string(reason.rawValue), "completed": .bool(completed)]))
            }
        }
        #expect(try data(.reject(.notUsed, adId: ad.adId, format: ad.format)) == json(#"{"reason": "not_used"}"#))
        #expect(try data(.reject(.outbid(winningPrice: 2.4, winner: "Other network"), adId: ad.adId, format: ad.format))
            == json(#"{"reason": "outbid", "winningPrice": 2.4, "winner": "Other network"}"#))
        #expect(try data(.reject(.outbid(winningPrice: 3, winner: nil), adId: ad.adId, format: ad.format))
            == json(#"{"reason": "outbid", "winningPrice": 3}"#))
        #expect(try data(.dropped(adId: ad.adId, format: ad.format)) == json("{}"))
        #expect(try data(.expired(adId: ad.adId, format: ad.format)) == json("{}"))
        #expect(try data(.vastError(code: 405, adId: ad.adId, format: ad.format)) == json(#"{"code": 405}"#))
    }

    @Test("types use their wire names")
    func typeNames() {
        #expect(ServerEventType.allCases.map(\.rawValue) == ["impression", "click", "ended", "reject", "dropped", "expired", "vast_error"])
    }
}
