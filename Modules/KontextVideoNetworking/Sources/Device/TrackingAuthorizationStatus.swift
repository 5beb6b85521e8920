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

    /// What a status the SDK does not know counts as: one a later system adds, which the glue
    /// meets as `@unknown default`. Not authorized, and not a question to ask the user: the
    /// SDK fails closed, so no tracking data travels on a status it cannot read. (No status,
    /// `nil`, means a platform without App Tracking Transparency, where the app's word alone
    /// governs: an unknown status must never become that.)
    package static let unrecognized: TrackingAuthorizationStatus = .denied
}
