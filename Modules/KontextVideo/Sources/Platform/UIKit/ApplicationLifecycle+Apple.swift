// The app's foreground and background, from UIKit's notifications: observed once per platform
// (`UIKitPlatform`, the one of the SDK's environment), reported to whoever asked it last. In an app
// extension the host app's moves come as Foundation's NSExtensionHost notifications instead, and
// the state at launch is unknown (no app to ask).
#if canImport(UIKit)
import UIKit
import KontextVideoNetworking

/// Follows the app's foreground and background for the SDK.
@MainActor
final class ApplicationLifecycle {
    private var observers: [any NSObjectProtocol] = []
    private var onChange: (@MainActor (Bool) -> Void)?

    /// Reports every change to `onChange` from now on (instead of to an earlier caller's), and
    /// returns whether the app is in the foreground now (a launch may happen in the background),
    /// or `nil` in an app extension.
    func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> Bool? {
        self.onChange = onChange
        if observers.isEmpty {
            let center = NotificationCenter.default
            let (background, foreground) = HostProcessKind.current == .app
                ? (UIApplication.didEnterBackgroundNotification, UIApplication.willEnterForegroundNotification)
                : (NSNotification.Name.NSExtensionHostDidEnterBackground, NSNotification.Name.NSExtensionHostWillEnterForeground)
            observers = [
                center.addObserver(forName: background, object: nil, queue: .main) { @Sendable [weak self] _ in
                    Task { @MainActor in self?.onChange?(false) }
                },
                center.addObserver(forName: foreground, object: nil, queue: .main) { @Sendable [weak self] _ in
                    Task { @MainActor in self?.onChange?(true) }
                },
            ]
        }
        return HostApplication.current.map { $0.applicationState != .background }
    }
}
#endif
