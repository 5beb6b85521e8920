// Stub of Apple's `AdAttributionKit` (iOS 17.4): only the app impression of a view-through and of a
// StoreKit-rendered ad. Its pages list iOS, iPadOS and Mac Catalyst, no tvOS, macOS or visionOS, so
// the framework is built for iOS only (`stubs.json`).
@_exported import Foundation
import UIKit
import StoreKit

// doc: /documentation/AdAttributionKit/AppImpression
@available(iOS 17.4, *)
public struct AppImpression {
    // doc: /documentation/AdAttributionKit/AppImpression/init(compactJWS:)
    public init(compactJWS: String) async throws { fatalError() }
    // doc: /documentation/AdAttributionKit/AppImpression/beginView()
    public func beginView() async throws {}
    // doc: /documentation/AdAttributionKit/AppImpression/endView()
    public func endView() async throws {}
}

// The cross-import overlay StoreKit × AdAttributionKit.
@available(iOS 17.4, *)
extension SKStoreProductViewController {
    // doc: /documentation/StoreKit/SKStoreProductViewController/loadProduct(parameters:impression:)
    @available(iOS 17.4, *)
    @preconcurrency public func loadProduct(parameters: [String: Any], impression: AppImpression) async throws {}
}
