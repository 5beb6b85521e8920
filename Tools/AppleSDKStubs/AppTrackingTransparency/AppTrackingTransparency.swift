// Stub of Apple's `AppTrackingTransparency`.
@_exported import Foundation

// doc: /documentation/AppTrackingTransparency/ATTrackingManager
@available(iOS 14.0, macOS 11.0, tvOS 14.0, visionOS 1.0, *)
open class ATTrackingManager: NSObject {
    // doc: /documentation/AppTrackingTransparency/ATTrackingManager/trackingAuthorizationStatus
    open class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { fatalError() }
    // doc: /documentation/AppTrackingTransparency/ATTrackingManager/requestTrackingAuthorization(completionHandler:)
    open class func requestTrackingAuthorization(completionHandler completion: @escaping @Sendable (ATTrackingManager.AuthorizationStatus) -> Void) {}
    // The `async` form Swift imports for the completion-handler method above (SE-0297); no
    // page of its own in the docs corpus.
    open class func requestTrackingAuthorization() async -> ATTrackingManager.AuthorizationStatus { fatalError() }

    // doc: /documentation/AppTrackingTransparency/ATTrackingManager/AuthorizationStatus
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }
}
