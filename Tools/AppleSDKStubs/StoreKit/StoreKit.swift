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

// MARK: SKAdNetwork install validation (StoreKit-rendered ads): the product sheet's keys.
// Their pages list iOS, iPadOS, Mac Catalyst and tvOS, no visionOS.

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkIdentifier
@available(iOS 11.3, tvOS 11.3, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkIdentifier: String = "adNetworkId"

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkVersion
@available(iOS 14.0, tvOS 14.0, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkVersion: String = "adNetworkPayloadVersion"

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkSourceIdentifier
@available(iOS 16.1, tvOS 16.1, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkSourceIdentifier: String = "adNetworkSourceIdentifier"

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkSourceAppStoreIdentifier
@available(iOS 14.0, tvOS 14.0, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkSourceAppStoreIdentifier: String = "adNetworkSourceAppStoreIdentifier"

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkNonce
@available(iOS 11.3, tvOS 11.3, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkNonce: String = "adNetworkNonce"

// doc?: /documentation/StoreKit/SKStoreProductParameterAdNetworkTimestamp (the corpus held no Apple page for
// it; declared as the SDK's header has it, with the availability of its sibling keys)
@available(iOS 11.3, tvOS 11.3, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkTimestamp: String = "adNetworkTimestamp"

// doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkAttributionSignature
@available(iOS 11.3, tvOS 11.3, *)
@available(visionOS, unavailable)
public let SKStoreProductParameterAdNetworkAttributionSignature: String = "adNetworkAttributionSignature"

// MARK: SKAdNetwork view-through impressions. The pages list iOS, iPadOS and Mac Catalyst only.

// doc: /documentation/StoreKit/SKAdImpression
@available(iOS 14.5, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
open class SKAdImpression: NSObject {
    // doc: /documentation/StoreKit/SKAdImpression/init(sourceAppStoreItemIdentifier:advertisedAppStoreItemIdentifier:adNetworkIdentifier:adCampaignIdentifier:adImpressionIdentifier:timestamp:signature:version:)
    @available(iOS 16.0, *)
    public init(sourceAppStoreItemIdentifier: NSNumber, advertisedAppStoreItemIdentifier: NSNumber, adNetworkIdentifier: String, adCampaignIdentifier: NSNumber, adImpressionIdentifier: String, timestamp: NSNumber, signature: String, version: String) {}
    // doc: /documentation/StoreKit/SKAdImpression/sourceIdentifier
    @available(iOS 16.1, *)
    open var sourceIdentifier: NSNumber { get { fatalError() } set {} }
}

// doc: /documentation/StoreKit/SKAdNetwork
@available(iOS 11.3, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
open class SKAdNetwork: NSObject {
    // doc: /documentation/StoreKit/SKAdNetwork/startImpression(_:completionHandler:)
    @available(iOS 14.5, *)
    open class func startImpression(_ impression: SKAdImpression, completionHandler completion: (@Sendable ((any Error)?) -> Void)? = nil) {}
    // doc: /documentation/StoreKit/SKAdNetwork/endImpression(_:completionHandler:)
    @available(iOS 14.5, *)
    open class func endImpression(_ impression: SKAdImpression, completionHandler completion: (@Sendable ((any Error)?) -> Void)? = nil) {}
}

// MARK: The App Store overlay. Its pages list iOS, iPadOS, Mac Catalyst and visionOS 1.0.

// doc: /documentation/StoreKit/SKOverlay
@available(iOS 14.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@MainActor open class SKOverlay: NSObject {
    // doc?: /documentation/StoreKit/SKOverlay/init(configuration:)
    public init(configuration: SKOverlay.Configuration) {}
    // doc: /documentation/StoreKit/SKOverlay/present(in:)
    open func present(in scene: UIWindowScene) {}
    // doc?: /documentation/StoreKit/SKOverlay/dismiss(in:)
    open class func dismiss(in scene: UIWindowScene) {}

    // doc: /documentation/StoreKit/SKOverlay/Configuration-swift.class
    @available(iOS 14.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    open class Configuration: NSObject {}

    // doc: /documentation/StoreKit/SKOverlay/AppConfiguration
    @available(iOS 14.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    open class AppConfiguration: SKOverlay.Configuration {
        // doc?: /documentation/StoreKit/SKOverlay/AppConfiguration/init(appIdentifier:position:)
        public init(appIdentifier: String, position: SKOverlay.Position) {}
        // doc?: /documentation/StoreKit/SKOverlay/AppConfiguration/setAdditionalValue(_:forKey:) (read on
        // AppClipConfiguration's page, the same declaration: "a value for measuring the effectiveness of
        // an ad campaign … see SKAdNetwork")
        open func setAdditionalValue(_ value: Any?, forKey key: String) {}
    }

    // doc: /documentation/StoreKit/SKOverlay/Position
    @available(iOS 14.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    public enum Position: Int, Sendable {
        // doc?: /documentation/StoreKit/SKOverlay/Position/bottom
        case bottom = 0
        // doc: /documentation/StoreKit/SKOverlay/Position/bottomRaised
        case bottomRaised = 1
    }
}
