// The app's foreground and background, from UIKit's notifications: observed once per process,
// reported to whoever asked last.
#if canImport(UIKit)
import UIKit

/// Follows the app's foreground and background for the SDK.
@MainActor
enum ApplicationLifecycle {
    private static var observers: [any NSObjectProtocol] = []
    private static var onChange: (@MainActor (Bool) -> Void)?

    /// Reports every change to `onChange` from now on, and returns whether the app is in the
    /// foreground now (a launch may happen in the background).
    static func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool {
        self.onChange = onChange
        if observers.isEmpty {
            let center = NotificationCenter.default
            observers = [
                center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { @Sendable _ in
                    Task { @MainActor in ApplicationLifecycle.onChange?(false) }
                },
                center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { @Sendable _ in
                    Task { @MainActor in ApplicationLifecycle.onChange?(true) }
                },
            ]
        }
        return UIApplication.shared.applicationState != .background
    }
}
#endif
