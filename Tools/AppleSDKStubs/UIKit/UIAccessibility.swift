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
}

// The UIAccessibility and UIAccessibilityContainer informal protocols, which UIKit adds to NSObject.
extension NSObject {
    // doc: /documentation/UIKit/UIAccessibilityElement/accessibilityLabel (the informal protocol's property, documented on UIAccessibilityElement)
    @MainActor public var accessibilityLabel: String? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/uiaccessibilitycontainer (lists NSObject's `accessibilityElements`: "The child elements should be returned in the order the user should navigate them")
    @MainActor public var accessibilityElements: [Any]? { get { fatalError() } set {} }
}
