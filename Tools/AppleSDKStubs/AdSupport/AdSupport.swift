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
}
