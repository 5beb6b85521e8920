import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

/// `creative.attribution` as `PROTOCOL.md` (*App-install attribution*) describes it: read through
/// `WireNumber`, and never the reason an ad is lost.
@Suite("App-install attribution in an answer")
struct ServedAttributionTests {
    static let nonce0 = "3f8b1c2e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
    static let nonce1 = "7c6b5a4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d"
    static let skan = #"""
    {"version": "4.0", "network": "kontext.skadnetwork", "sourceIdentifier": 5239, "itemId": 1234567890, "sourceAppId": 0,
     "fidelities": [{"fidelity": 0, "nonce": "\#(nonce0)", "timestamp": 1764927000000, "signature": "MEUCIQ-v0"},
                    {"fidelity": 1, "nonce": "\#(nonce1)", "timestamp": 1764927000001, "signature": "MEUCIQ-v1"}]}
    """#

    func creative(attribution: String, appStoreId: String? = "1234567890") -> ServedCreative? {
        let store = appStoreId.map { #", "appStoreId": "\#($0)""# } ?? ""
        let body = #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "vast", "url": "https://x.example/tag.xml"\#(store), "attribution": \#(attribution)}}}"#
        let answer = PreloadAnswer(status: 200, body: Data(body.utf8), requestedFormat: .linear, urlRule: AdURLRule(allowsLocalHosts: true))
        guard case .ad(let ad)? = try? answer.result.get() else { return nil }
        return ad.creative
    }

    @Test("every SKAdNetwork 4 field, both fidelities, the JWS and the overlay read")
    func everything() throws {
        let jws = "eyJhbGciOiJFUzI1NiJ9.eyJhIjoxfQ.c2lnbmF0dXJl"
        let served = try #require(creative(attribution: #"{"skadnetwork": \#(Self.skan), "adAttributionKit": {"jws": "\#(jws)"}, "overlay": {"afterSeconds": 5, "position": "bottomRaised"}}"#))
        let payload = try #require(served.attribution?.skAdNetwork)
        #expect(payload == SKAdNetworkPayload(
            version: "4.0", networkId: "kontext.skadnetwork", sourceIdentifier: 5239, itemId: 1_234_567_890, sourceAppId: 0,
            fidelities: [
                SKAdNetworkFidelity(kind: .viewThrough, nonce: UUID(uuidString: Self.nonce0)!, timestamp: 1_764_927_000_000, signature: "MEUCIQ-v0"),
                SKAdNetworkFidelity(kind: .storeKitRendered, nonce: UUID(uuidString: Self.nonce1)!, timestamp: 1_764_927_000_001, signature: "MEUCIQ-v1"),
            ]))
        #expect(served.attribution?.adAttributionKitJWS == jws)
        #expect(served.attribution?.overlay == AppStoreOverlayRequest(moment: .afterSeconds(5), position: .bottomRaised))
        #expect(served.attributionFailures.isEmpty)
    }

    /// Each skadnetwork object with one field broken, and the failure it is.
    static let brokenSKAdNetwork: [(String, AttributionPayloadFailure)] = [
        (#"{"version": "4.0"}"#, .malformed(field: "skadnetwork.network")),
        (skan.replacingOccurrences(of: "5239", with: "10000"), .malformed(field: "skadnetwork.sourceIdentifier")),
        (skan.replacingOccurrences(of: "5239", with: "1e308"), .malformed(field: "skadnetwork.sourceIdentifier")),
        (skan.replacingOccurrences(of: "5239", with: "52.5"), .malformed(field: "skadnetwork.sourceIdentifier")),
        (skan.replacingOccurrences(of: "5239", with: "\"5239\""), .malformed(field: "skadnetwork.sourceIdentifier")),
        (skan.replacingOccurrences(of: "\"4.0\"", with: "\"3.0\""), .unsupportedVersion("3.0")),
        (skan.replacingOccurrences(of: "\"4.0\"", with: "4"), .malformed(field: "skadnetwork.version")),
        (skan.replacingOccurrences(of: "kontext.skadnetwork", with: "Kontext"), .malformed(field: "skadnetwork.network")),
        (skan.replacingOccurrences(of: "1234567890", with: "987"), .itemMismatch),
        (skan.replacingOccurrences(of: "1234567890", with: "9223372036854775807"), .malformed(field: "skadnetwork.itemId")),
        (skan.replacingOccurrences(of: "\"sourceAppId\": 0", with: "\"sourceAppId\": -1"), .malformed(field: "skadnetwork.sourceAppId")),
        (skan.replacingOccurrences(of: nonce0, with: "not-a-uuid"), .malformed(field: "skadnetwork.fidelities.0")),
        (skan.replacingOccurrences(of: "1764927000000", with: "99999999999999999"), .malformed(field: "skadnetwork.fidelities.0")),
        (skan.replacingOccurrences(of: "\"fidelity\": 1", with: "\"fidelity\": 0"), .malformed(field: "skadnetwork.fidelities.1")),
        (skan.replacingOccurrences(of: "\"fidelity\": 1", with: "\"fidelity\": 2"), .malformed(field: "skadnetwork.fidelities.1")),
        ("[]", .malformed(field: "skadnetwork")),
    ]

    @Test("a malformed part is left out and named; the ad is still served", arguments: brokenSKAdNetwork)
    func malformedSKAdNetwork(_ skan: String, failure: AttributionPayloadFailure) throws {
        let jws = "a.b.c"
        let served = try #require(creative(attribution: #"{"skadnetwork": \#(skan), "adAttributionKit": {"jws": "\#(jws)"}}"#), "the ad is still served")
        #expect(served.attribution?.skAdNetwork == nil)
        #expect(served.attribution?.adAttributionKitJWS == jws, "the other parts stay")
        #expect(served.attributionFailures == [failure])
    }

    @Test("attribution of the wrong shape, or without an App Store id, is left out and the ad shows", arguments: [
        (#""yes""#, "1234567890", [AttributionPayloadFailure.malformed(field: "attribution")]),
        (#"{"skadnetwork": \#(skan)}"#, nil, [.notAppInstall]),
        (#"{"adAttributionKit": {"jws": "only.two"}}"#, "1234567890", [.malformed(field: "adAttributionKit.jws")]),
        (#"{"adAttributionKit": {"jws": "a.b.c d"}}"#, "1234567890", [.malformed(field: "adAttributionKit.jws")]),
        (#"{"overlay": {"at": "start"}}"#, "1234567890", [.malformed(field: "overlay")]),
        (#"{"overlay": {"afterSeconds": -1}}"#, "1234567890", [.malformed(field: "overlay")]),
        (#"{"overlay": {"at": "endCard", "position": "top"}}"#, "1234567890", [.malformed(field: "overlay")]),
    ])
    func wrongShapes(_ attribution: String, appStoreId: String?, failures: [AttributionPayloadFailure]) throws {
        let served = try #require(creative(attribution: attribution, appStoreId: appStoreId))
        #expect(served.attribution == nil)
        #expect(served.attributionFailures == failures)
    }

    @Test("no attribution: nothing read, nothing said")
    func absent() throws {
        let served = try #require(creative(attribution: "null"))
        #expect(served.attribution == nil)
        #expect(served.attributionFailures.isEmpty)
    }
}
