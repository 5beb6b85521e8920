import Foundation
import KontextVideoModels

/// Whether the SDK may show the App Tracking Transparency dialog the app asked it to show
/// (`Configuration.requestTrackingAuthorization`), decided from the app's `Info.plist`.
///
/// Apple, *NSUserTrackingUsageDescription*
/// (`/documentation/BundleResources/Information-Property-List/NSUserTrackingUsageDescription`): "If
/// your app calls the App Tracking Transparency API, you must provide custom text, known as a
/// usage-description string, which displays as a system-permission alert request. […] If you
/// don’t include a usage-description string, your app may crash when a user first launches it."
/// So without that string the SDK does not ask: it says why, at `.error`, naming the key, and the
/// ad requests carry the status the system reports (never asked: no tracking data).
package enum TrackingDialogPolicy {
    /// The `Info.plist` key of the text the tracking dialog shows.
    package static let usageDescriptionKey = "NSUserTrackingUsageDescription"

    /// Whether the dialog may be shown, given what the main bundle's `Info.plist` holds under
    /// `NSUserTrackingUsageDescription`: only a string with text in it. When it may not, records
    /// an `.error` on `events` naming the key.
    /// - Parameters:
    ///   - usageDescription: `Bundle.main.object(forInfoDictionaryKey: "NSUserTrackingUsageDescription")`.
    ///   - events: Where the refusal is said.
    /// - Returns: Whether to call `ATTrackingManager.requestTrackingAuthorization`.
    package static func mayShowDialog(usageDescription: Any?, reportingTo events: any KontextVideoEventMonitor) -> Bool {
        if let text = usageDescription as? String, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return true
        }
        events.record(KontextVideoEvent(.error, .trackingDialogNotShown, level: .error, attributes: [
            "reason": usageDescription == nil ? "\(usageDescriptionKey) missing" : "\(usageDescriptionKey) empty",
            "why": "requestTrackingAuthorization is on, but the app's Info.plist has no \(usageDescriptionKey): "
                + "asking for tracking authorization without it may crash the app (Apple's NSUserTrackingUsageDescription page). "
                + "Add the key with the text the dialog shows; until then ad requests carry no tracking data.",
        ]))
        return false
    }
}
