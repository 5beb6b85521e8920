// Stub of Apple's `StoreKit`: only the in-app App Store product sheet. On macOS the sheet is
// an AppKit view controller, which these stubs do not model, so StoreKit is not provided on
// macOS (the script reports `canImport(StoreKit)` code there as not checked). On tvOS the
// framework exists but the sheet does not (its pages list iOS, Mac Catalyst and macOS only),
// nor on visionOS (no visionOS on the same pages).
@_exported import Foundation
import UIKit

// doc: /documentation/StoreKit/SKStoreProductViewController
@available(iOS 6.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class SKStoreProductViewController: UIViewController {
    // doc: /documentation/StoreKit/SKStoreProductViewController/delegate
    weak open var delegate: (any SKStoreProductViewControllerDelegate)? { get { fatalError() } set {} }
    // doc: /documentation/StoreKit/SKStoreProductViewController/loadProduct(withParameters:completionBlock:)
    open func loadProduct(withParameters parameters: [String: Any], completionBlock block: ((Bool, (any Error)?) -> Void)? = nil) {}
}

// doc: /documentation/StoreKit/SKStoreProductViewControllerDelegate
@available(iOS 6.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public protocol SKStoreProductViewControllerDelegate: NSObjectProtocol {
    // doc: /documentation/StoreKit/SKStoreProductViewControllerDelegate/productViewControllerDidFinish(_:)
    func productViewControllerDidFinish(_ viewController: SKStoreProductViewController)
}
@available(iOS 6.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
extension SKStoreProductViewControllerDelegate {
    // Default implementation stands for `optional`.
    public func productViewControllerDidFinish(_ viewController: SKStoreProductViewController) {}
}

// doc: /documentation/StoreKit/SKStoreProductParameterITunesItemIdentifier
@available(iOS 6.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public let SKStoreProductParameterITunesItemIdentifier: String = "id"
