import Foundation
import KontextVideoNetworking

/// Whether the App Tracking Transparency dialog the app asked the SDK to show
/// (`Configuration.requestTrackingAuthorization`) was answered, read from the status after each
/// time the SDK asked. A dialog that never showed is not an answer: the system returns
/// `.notDetermined` without showing it (the app was not active, or it asked too early in launch),
/// and "if the user has not yet been prompted to approve access, the return value will either be
/// `notDetermined`, or `restricted` if this value is managed"
/// (/documentation/AppTrackingTransparency/ATTrackingManager/trackingAuthorizationStatus).
///
/// | status after asking | answered | the next ad request |
/// |---|---|---|
/// | `.authorized`, `.denied`, `.restricted`, a status the SDK does not know | yes | leaves at once |
/// | none (no App Tracking Transparency here) | yes | leaves at once |
/// | `.notDetermined` (the dialog did not show) | no | asks again first, up to `attemptsPerSession` times |
///
/// Every request that waited for an attempt leaves after it, answered or not, carrying the status
/// the system reports (`.notDetermined`: no tracking data). After `attemptsPerSession` attempts
/// without an answer the SDK stops asking: a dialog that cannot show (no usage description, an
/// app extension) must not hold every request or repeat its error.
struct TrackingPrompt: Sendable, Equatable {
    /// How many times one session asks at most.
    static let attemptsPerSession = 3

    /// How many times the SDK asked.
    private(set) var attempts = 0
    /// Whether the user answered (or there is nothing to answer).
    private(set) var isAnswered = false

    /// Whether an ad request asks (and waits for the dialog) before it leaves.
    var needsAsking: Bool {
        !isAnswered && attempts < Self.attemptsPerSession
    }

    /// The SDK asked, and the system reports `status` afterwards.
    mutating func asked(statusAfterwards status: TrackingAuthorizationStatus?) {
        attempts += 1
        isAnswered = status != .notDetermined
    }
}
