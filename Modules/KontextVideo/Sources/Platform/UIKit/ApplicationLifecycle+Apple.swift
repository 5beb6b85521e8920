// The app's foreground and background, from UIKit's notifications: observed once per process,
// reported to whoever asked last. In an app extension the host app's moves come as Foundation's
// NSExtensionHost notifications instead, and the state at launch is unknown (no app to ask).
#if canImport(UIKit)
import UIKit
import KontextVideoNetworking

/// Follows the app's foreground and background for the SDK.
@MainActor
enum ApplicationLifecycle {
    private static var observers: [any NSObjectProtocol] = []
    private static var onChange: (@MainActor (Bool) -> Void)?

    /// Reports every change to `onChange` from now on, and returns whether the app is in the
    /// foreground now (a launch may happen in the background), or `nil` in an app extension.
    static func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool? {
        self.onChange = onChange
        if observers.isEmpty {
            let center = NotificationCenter.default
            let (background, foreground) = HostProcessKind.current == .app
                ? (UIApplication.didEnterBackgroundNotification, UIApplication.willEnterForegroundNotification)
                : (NSNotification.Name.NSExtensionHostDidEnterBackground, NSNotification.Name.NSExtensionHostWillEnterForeground)
            observers = [
                center.addObserver(forName: background, object: nil, queue: .main) { @Sendable _ in
                    Task { @MainActor in ApplicationLifecycle.onChange?(false) }
                },
                center.addObserver(forName: foreground, object: nil, queue: .main) { @Sendable _ in
                    Task { @MainActor in ApplicationLifecycle.onChange?(true) }
                },
            ]
        }
        return HostApplication.current.map { $0.applicationState != .background }
    }
}
#endif
