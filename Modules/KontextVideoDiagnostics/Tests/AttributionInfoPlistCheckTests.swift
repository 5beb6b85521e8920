import Foundation
import Testing
@testable import KontextVideoDiagnostics
import KontextVideoModels

/// The Info.plist check: Kontext's ad network ids in `SKAdNetworkItems` and `AdNetworkIdentifiers`,
/// read from dictionaries as `Bundle.main.infoDictionary` gives them.
@Suite("Info.plist: Kontext's ad network ids")
struct AttributionInfoPlistCheckTests {
    static let skan = KontextAdNetwork.skAdNetworkIdentifiers[0]
    static let kit = KontextAdNetwork.adAttributionKitIdentifiers[0]
    static var listedBoth: [String: Any] {[
        "SKAdNetworkItems": [["SKAdNetworkIdentifier": "cstr6suwn9.skadnetwork"], ["SKAdNetworkIdentifier": skan]],
        "AdNetworkIdentifiers": ["other.adattributionkit", kit],
    ]}

    @Test("what is missing, for each shape an Info.plist may have")
    func table() {
        // (the Info.plist, missing SKAdNetwork ids, missing AdAttributionKit ids)
        let rows: [([String: Any], [String], [String])] = [
            ([:], [Self.skan], [Self.kit]),
            (Self.listedBoth, [], []),
            (["SKAdNetworkItems": [["SKAdNetworkIdentifier": Self.skan]]], [], [Self.kit]),
            (["AdNetworkIdentifiers": [Self.kit]], [Self.skan], []),
            // Ids are case-sensitive and lowercase: an uppercase one does not count.
            (["SKAdNetworkItems": [["SKAdNetworkIdentifier": Self.skan.uppercased()]], "AdNetworkIdentifiers": [Self.kit]], [Self.skan], []),
            // Wrong shapes read as absent, never trap.
            (["SKAdNetworkItems": Self.skan, "AdNetworkIdentifiers": 3], [Self.skan], [Self.kit]),
            (["SKAdNetworkItems": [Self.skan], "AdNetworkIdentifiers": [["id": Self.kit]]], [Self.skan], [Self.kit]),
        ]
        for (info, skan, kit) in rows {
            let check = AttributionInfoPlistCheck(infoDictionary: info)
            #expect(check.missingSKAdNetworkIdentifiers == skan)
            #expect(check.missingAdAttributionKitIdentifiers == kit)
            #expect(check.isComplete == (skan.isEmpty && kit.isEmpty))
            #expect(check.xmlToPaste.isEmpty == check.isComplete)
        }
    }

    @Test("the XML to paste lists exactly the missing ids, in Apple's shapes")
    func xml() {
        let check = AttributionInfoPlistCheck(infoDictionary: [:])
        #expect(check.xmlToPaste == """
        <key>SKAdNetworkItems</key>
        <array>
            <dict><key>SKAdNetworkIdentifier</key><string>\(Self.skan)</string></dict>
        </array>
        <key>AdNetworkIdentifiers</key>
        <array>
            <string>\(Self.kit)</string>
        </array>
        """)
        let onlyKit = AttributionInfoPlistCheck(infoDictionary: ["SKAdNetworkItems": [["SKAdNetworkIdentifier": Self.skan]]])
        #expect(!onlyKit.xmlToPaste.contains("SKAdNetworkItems"))
        #expect(onlyKit.missingSummary == Self.kit)
    }

    @Test("the inspector keeps the SDK's debug line on the session's timeline")
    func inspector() throws {
        var reducer = InspectionReducer(startedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let check = AttributionInfoPlistCheck(infoDictionary: [:])
        reducer.apply(KontextVideoEvent(.state, .attributionInfoPlist, level: .debug, attributes: [
            "missing": check.missingSummary, "xml": check.xmlToPaste,
        ]), at: Date(timeIntervalSince1970: 1_800_000_001))
        let moment = try #require(reducer.inspection.session.timeline.last)
        #expect(moment.name == "SKAdNetworkItems incomplete")
        #expect(moment.detail.contains("<key>SKAdNetworkItems</key>"))
        #expect(moment.detail.contains(Self.kit))
    }
}
