// App Tracking Transparency and the device's identifiers, read from the system. Whether to ask,
// and which ids to send, is decided in portable code (`KontextVideo`, `DeviceIdentifiers`).
#if canImport(UIKit)
import UIKit
#if canImport(AdSupport)
import AdSupport
#endif
import AppTrackingTransparency
import KontextVideoConcurrency
import KontextVideoNetworking

/// The tracking status, the tracking dialog and the advertising and vendor ids.
@MainActor
enum TrackingAuthorization {
    /// The user's answer so far.
    static var status: TrackingAuthorizationStatus? {
        switch ATTrackingManager.trackingAuthorizationStatus {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .authorized
        // A status this SDK does not know is not permission: not authorized, never "no App
        // Tracking Transparency here" (`nil`), which would let tracking data travel.
        @unknown default: .unrecognized
        }
    }

    /// Shows the tracking dialog and returns once the user answered. The system shows it only to
    /// an active app (its page: "Calls to the API only prompt when the application state is
    /// UIApplicationStateActive"), so this first waits for the app to become active. An app
    /// extension is never an active app: there it returns at once, asking nothing; the extension's
    /// requests carry the status the system reports (the containing app asks). Without
    /// `NSUserTrackingUsageDescription` in the app's `Info.plist` it asks nothing either and says
    /// so at `.error` (`TrackingDialogPolicy`: asking then may crash the app).
    static func request() async {
        guard let application = HostApplication.current else { return }
        let usageDescription = Bundle.main.object(forInfoDictionaryKey: TrackingDialogPolicy.usageDescriptionKey)
        guard TrackingDialogPolicy.mayShowDialog(usageDescription: usageDescription, reportingTo: KontextVideo.shared.events) else { return }
        await untilActive(application)
        _ = await ATTrackingManager.requestTrackingAuthorization()
    }

    /// Returns once the app is active (at once when it is).
    private static func untilActive(_ application: UIApplication) async {
        guard application.applicationState != .active else { return }
        // Resumed once, by the first activation; the observer goes as soon as it has.
        let waiting = LockedState<CheckedContinuation<Void, Never>?>(nil)
        var observer: (any NSObjectProtocol)?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting.withLock { $0 = continuation }
            observer = NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
            ) { @Sendable _ in
                waiting.withLock { continuation in
                    continuation?.resume()
                    continuation = nil
                }
            }
        }
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The status and both ids as the system reports them now.
    static func identifiers() -> DeviceIdentifiers {
        DeviceIdentifiers(
            trackingAuthorization: status,
            advertisingIdentifier: advertisingIdentifier,
            vendorIdentifier: UIDevice.current.identifierForVendor)
    }

    /// The advertising identifier, where the system has one: visionOS has no AdSupport (its page
    /// lists iOS, iPadOS, Mac Catalyst, macOS and tvOS), so there ad requests carry none.
    private static var advertisingIdentifier: UUID? {
        #if canImport(AdSupport)
        ASIdentifierManager.shared().advertisingIdentifier
        #else
        nil
        #endif
    }
}
#endif
