import Foundation

/// The device identifiers an ad request carries, and the rules that decide which:
///
/// - `advertisingId` (the IDFA) only when the user authorized tracking; a zero id (what the
///   system returns without authorization, and in the simulator) is no id;
/// - `vendorId` (the IDFV) whenever the system has one (not zero), whatever the tracking status:
///   it identifies the device to this vendor's apps only, which App Tracking Transparency allows;
/// - `trackingAuthorization`, the status itself, whenever the platform has one.
///
/// Both ids go on the wire as lowercase UUIDs, like every UUID of the protocol. The platform glue
/// only reads the raw values; this type applies the rules.
package struct DeviceIdentifiers: Sendable, Hashable {
    /// The App Tracking Transparency status; `nil` where the platform has none.
    package private(set) var trackingAuthorization: TrackingAuthorizationStatus?
    /// The advertising identifier, lowercase; only when tracking is authorized.
    package private(set) var advertisingId: String?
    /// The identifier for vendor, lowercase.
    package private(set) var vendorId: String?

    /// No identifiers and no status: a platform without App Tracking Transparency (Linux, tests).
    package static let none = DeviceIdentifiers(trackingAuthorization: nil, advertisingIdentifier: nil, vendorIdentifier: nil)

    /// The identifiers to send, from what the system reported.
    /// - Parameters:
    ///   - trackingAuthorization: `ATTrackingManager.trackingAuthorizationStatus`, mapped.
    ///   - advertisingIdentifier: `ASIdentifierManager.shared().advertisingIdentifier`, as read.
    ///   - vendorIdentifier: `UIDevice.current.identifierForVendor`, as read.
    package init(trackingAuthorization: TrackingAuthorizationStatus?, advertisingIdentifier: UUID?, vendorIdentifier: UUID?) {
        self.trackingAuthorization = trackingAuthorization
        self.advertisingId = trackingAuthorization == .authorized ? Self.wireValue(advertisingIdentifier) : nil
        self.vendorId = Self.wireValue(vendorIdentifier)
    }

    /// These identifiers with the advertising id and the vendor id only where allowed
    /// (`ConsentPolicy`); the tracking status stays: it is no identifier.
    package func keeping(advertisingId keepsAdvertisingId: Bool, vendorId keepsVendorId: Bool) -> DeviceIdentifiers {
        var kept = self
        if !keepsAdvertisingId { kept.advertisingId = nil }
        if !keepsVendorId { kept.vendorId = nil }
        return kept
    }

    /// The all-zero UUID the system reports when it has no identifier to give.
    package static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private static func wireValue(_ id: UUID?) -> String? {
        guard let id, id != zero else { return nil }
        return id.lowercasedString
    }
}
