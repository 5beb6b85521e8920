// Apple Foundation's async notification sequence, which swift-corelibs-foundation lacks.
import Foundation

extension NotificationCenter {

    // doc: /documentation/Foundation/NotificationCenter/Notifications
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, *)
    final public class Notifications: AsyncSequence {
        // doc: /documentation/Foundation/NotificationCenter/Notifications/Element
        public typealias Element = Notification
        // doc: /documentation/Foundation/NotificationCenter/Notifications/Iterator
        public struct Iterator: AsyncIteratorProtocol {
            // doc: /documentation/Foundation/NotificationCenter/Notifications/Iterator/next()
            public func next() async -> Notification? { fatalError() }
        }
        // doc: /documentation/Foundation/NotificationCenter/Notifications/makeAsyncIterator()
        final public func makeAsyncIterator() -> NotificationCenter.Notifications.Iterator { fatalError() }
    }
}

// What an app extension hears of its host app's life (Foundation's NSExtensionContext.h; the host
// app's UIApplication notifications are the app's, not the extension's).
extension NSNotification.Name {
    // doc: /documentation/Foundation/NSNotification/Name-swift.struct/NSExtensionHostDidEnterBackground
    @available(iOS 8.2, tvOS 9.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public static let NSExtensionHostDidEnterBackground = NSNotification.Name("NSExtensionHostDidEnterBackgroundNotification")
    // doc: /documentation/Foundation/NSNotification/Name-swift.struct/NSExtensionHostWillEnterForeground
    @available(iOS 8.2, tvOS 9.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public static let NSExtensionHostWillEnterForeground = NSNotification.Name("NSExtensionHostWillEnterForegroundNotification")
}
