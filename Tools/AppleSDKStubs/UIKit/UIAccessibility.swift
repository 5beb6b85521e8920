// VoiceOver: what an element is called, the order of a container's elements, announcements.

// doc: /documentation/UIKit/UIAccessibility/post(notification:argument:) (the `UIAccessibility` namespace)
public enum UIAccessibility {
    // doc: /documentation/UIKit/UIAccessibility/post(notification:argument:)
    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) {}

    // doc: /documentation/UIKit/UIAccessibility/Notification/announcement (its type)
    public struct Notification: Hashable, RawRepresentable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        // doc: /documentation/UIKit/UIAccessibility/Notification/announcement ("This notification includes a parameter that is an NSString object that contains the announcement")
        @available(iOS 4.0, tvOS 9.0, *)
        nonisolated public static let announcement = UIAccessibility.Notification(rawValue: 1008)
    }

    // doc-missing: /documentation/UIKit/UIAccessibility/isClosedCaptioningEnabled (the corpus has
    // no Apple page for it; Microsoft's binding of the same property, learn.microsoft.com/dotnet/api/uikit.uiaccessibility.isclosedcaptioningenabled,
    // reads "Gets a value indicating whether closed captioning is enabled"); iOS 5.0, tvOS 9.0, as Apple's SDK declares it
    @available(iOS 5.0, tvOS 9.0, *)
    @MainActor public static var isClosedCaptioningEnabled: Bool { fatalError() }

    // doc-missing: /documentation/UIKit/UIAccessibility/closedCaptioningStatusDidChangeNotification (no Apple page in the
    // corpus; its iOS 26 message form is /documentation/Foundation/NotificationCenter/MessageIdentifier/closedCaptioningStatusDidChange,
    // and docs.rs/objc2-ui-kit names the constant UIAccessibilityClosedCaptioningStatusDidChangeNotification, an NSNotificationName)
    @available(iOS 5.0, tvOS 9.0, *)
    nonisolated public static let closedCaptioningStatusDidChangeNotification = NSNotification.Name("UIAccessibilityClosedCaptioningStatusDidChangeNotification")
}

// The UIAccessibility and UIAccessibilityContainer informal protocols, which UIKit adds to NSObject.
extension NSObject {
    // doc: /documentation/UIKit/UIAccessibilityElement/accessibilityLabel (the informal protocol's property, documented on UIAccessibilityElement)
    @MainActor public var accessibilityLabel: String? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/uiaccessibilitycontainer (lists NSObject's `accessibilityElements`: "The child elements should be returned in the order the user should navigate them")
    @MainActor public var accessibilityElements: [Any]? { get { fatalError() } set {} }
}
