// Stub of UIKit's events: what a view's hit testing receives.

// doc: /documentation/UIKit/UIEvent (`@MainActor class UIEvent`; its page lists tvOS without a version)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIEvent: NSObject {}
