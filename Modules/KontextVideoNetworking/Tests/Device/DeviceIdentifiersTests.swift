import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("Device identifiers on the ad request")
struct DeviceIdentifiersTests {
    static let idfa = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC")!
    static let idfv = UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6")!
    static let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

    /// One row: what the system reported, and what goes on the wire.
    struct Row: Sendable, CustomTestStringConvertible {
        var status: TrackingAuthorizationStatus?
        var idfa: UUID?
        var idfv: UUID?
        var advertisingId: String?
        var vendorId: String?
        var testDescription: String { "\(status.map(\.rawValue) ?? "no ATT"), idfa \(idfa == nil ? "nil" : idfa == zero ? "zero" : "set"), idfv \(idfv == nil ? "nil" : idfv == zero ? "zero" : "set")" }
    }

    static let rows: [Row] = [
        // The advertising id only when tracking is authorized.
        Row(status: .authorized, idfa: idfa, idfv: idfv, advertisingId: "6d92078a-8246-4ba4-ae5b-76104861e7dc", vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        Row(status: .denied, idfa: idfa, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        Row(status: .restricted, idfa: idfa, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        Row(status: .notDetermined, idfa: idfa, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        Row(status: nil, idfa: idfa, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        // A zero id is no id, authorized or not.
        Row(status: .authorized, idfa: zero, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
        Row(status: .authorized, idfa: idfa, idfv: zero, advertisingId: "6d92078a-8246-4ba4-ae5b-76104861e7dc", vendorId: nil),
        // The vendor id whenever the system has one.
        Row(status: .denied, idfa: nil, idfv: nil, advertisingId: nil, vendorId: nil),
        Row(status: .authorized, idfa: nil, idfv: idfv, advertisingId: nil, vendorId: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6"),
    ]

    @Test("which ids are sent, given the tracking status", arguments: rows)
    func rules(row: Row) {
        let ids = DeviceIdentifiers(trackingAuthorization: row.status, advertisingIdentifier: row.idfa, vendorIdentifier: row.idfv)
        #expect(ids.advertisingId == row.advertisingId)
        #expect(ids.vendorId == row.vendorId)
        #expect(ids.trackingAuthorization == row.status)
    }

    @Test("none: no ids, no status")
    func none() {
        #expect(DeviceIdentifiers.none.advertisingId == nil)
        #expect(DeviceIdentifiers.none.vendorId == nil)
        #expect(DeviceIdentifiers.none.trackingAuthorization == nil)
    }

    @Test("the statuses on the wire, and only a user never asked is asked")
    func statuses() {
        #expect(TrackingAuthorizationStatus.allCases.map(\.rawValue) == ["notDetermined", "restricted", "denied", "authorized"])
        #expect(TrackingAuthorizationStatus.allCases.filter(\.canAskUser) == [.notDetermined])
    }
}
