import Foundation

/// Whether the user allowed the app to track them (App Tracking Transparency), as the ad
/// request's `trackingAuthorization` names it. Platforms without App Tracking Transparency
/// (Linux, and macOS where the SDK does not ask) have no status: the field is omitted.
package enum TrackingAuthorizationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user was not asked yet.
    case notDetermined
    /// The device does not let the user allow tracking (parental controls, device management).
    case restricted
    /// The user declined.
    case denied
    /// The user allowed tracking.
    case authorized

    /// Whether the tracking dialog may still be shown: only a user who was never asked is asked.
    package var canAskUser: Bool { self == .notDetermined }
}
