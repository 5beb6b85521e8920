// Stub of Apple's `AdSupport`.
@_exported import Foundation

// doc: /documentation/AdSupport/ASIdentifierManager (the page, and the framework's
// /documentation/AdSupport, list no visionOS: stubs.json leaves the module out there, and this
// says so for a reader of the declaration)
@available(iOS 6.0, macOS 10.14, tvOS 6.0, *)
@available(visionOS, unavailable)
open class ASIdentifierManager: NSObject {
    // doc: /documentation/AdSupport/ASIdentifierManager/shared()
    open class func shared() -> ASIdentifierManager { fatalError() }
    // doc: /documentation/AdSupport/ASIdentifierManager/advertisingIdentifier
    open var advertisingIdentifier: UUID { fatalError() }
    // doc: /documentation/AdSupport/ASIdentifierManager/isAdvertisingTrackingEnabled
    @available(iOS, introduced: 6.0, deprecated: 14.0, message: "This has been replaced by functionality in AppTrackingTransparency's ATTrackingManager class.")
    @available(tvOS, introduced: 6.0, deprecated: 14.0, message: "This has been replaced by functionality in AppTrackingTransparency's ATTrackingManager class.")
    @available(macOS, introduced: 10.14, deprecated: 11.0, message: "This has been replaced by functionality in AppTrackingTransparency's ATTrackingManager class.")
    open var isAdvertisingTrackingEnabled: Bool { fatalError() }
}
