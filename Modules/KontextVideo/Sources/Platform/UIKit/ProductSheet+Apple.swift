// The App Store product sheet, presented inside the app for an app-install ad. StoreKit's sheet
// exists on iOS only (tvOS has StoreKit but not the sheet), and UIKit exists on both, so this file
// is `os(iOS)`: no `canImport` can tell the two apart.
#if os(iOS)
import UIKit
import StoreKit
#if canImport(AdAttributionKit)
import AdAttributionKit
#endif

/// The App Store product sheet; taken down again when the product cannot load. It reports
/// `.opened` once the product loaded, `.failed` when it did not, and `.dismissed` when the
/// viewer closed it: the ad paused for it resumes then (`LinearPlaybackSession`). Which of
/// StoreKit's callbacks reports what, in whichever order they come, is `ProductSheetReport`: a
/// viewer who closes the sheet before its product loaded gets no fallback to Safari. Whoever
/// presents it keeps it alive while it is on screen: UIKit holds its controller's delegate weakly.
@MainActor
final class ProductSheet: NSObject, SKStoreProductViewControllerDelegate {
    private let outcome: @MainActor (ProductSheet, ClickDestinationOutcome) -> Void
    private var report = ProductSheetReport()

    /// A sheet that reports to `outcome`, with itself, whether the product loaded (when it did
    /// not, the sheet is already going away) and the sheet's dismissal.
    init(outcome: @escaping @MainActor (ProductSheet, ClickDestinationOutcome) -> Void) {
        self.outcome = outcome
    }

    /// Presents the product sheet of `appStoreID` on `presenter`, loaded with the ad's
    /// StoreKit-rendered attribution (`AttributionPlan.productSheet(for:capabilities:)`): its
    /// AdAttributionKit impression on iOS 17.4 and later, else its SKAdNetwork 4 keys.
    func present(_ appStoreID: String, attribution: ProductSheetAttribution?, from presenter: UIViewController) {
        let store = SKStoreProductViewController()
        store.delegate = self
        let parameters = Self.parameters(attribution, appStoreID: appStoreID)
        #if canImport(AdAttributionKit)
        if #available(iOS 17.4, *), let jws = attribution?.adAttributionKitJWS {
            // doc: /documentation/StoreKit/SKStoreProductViewController/loadProduct(parameters:impression:)
            Task { @MainActor in
                do {
                    let impression = try await AppImpression(compactJWS: jws)
                    try await store.loadProduct(parameters: parameters, impression: impression)
                    self.receive(.productLoaded(true), from: store)
                } catch {
                    self.receive(.productLoaded(false), from: store)
                }
            }
            presenter.present(store, animated: true)
            return
        }
        #endif
        store.loadProduct(withParameters: parameters) { ok, _ in
            Task { @MainActor in self.receive(.productLoaded(ok), from: store) }
        }
        presenter.present(store, animated: true)
    }

    /// The parameter dictionary of `attribution` (the App Store id alone without one), each key
    /// StoreKit's constant and each value the type its page names: `NSString` for the ids,
    /// version and signature, `NSNumber` for the numbers, `NSUUID` for the nonce (doc:
    /// /documentation/StoreKit/SKStoreProductParameterAdNetworkNonce). SKAdNetwork 4's keys need
    /// iOS 16.1 (doc: /documentation/StoreKit/SKStoreProductParameterAdNetworkSourceIdentifier):
    /// before it, the App Store id alone.
    static func parameters(_ attribution: ProductSheetAttribution?, appStoreID: String) -> [String: Any] {
        guard let attribution, #available(iOS 16.1, *) else { return [SKStoreProductParameterITunesItemIdentifier: appStoreID] }
        var parameters: [String: Any] = [:]
        for parameter in attribution.parameters {
            let key: String = switch parameter.key {
            case .itemIdentifier: SKStoreProductParameterITunesItemIdentifier
            case .adNetworkIdentifier: SKStoreProductParameterAdNetworkIdentifier
            case .adNetworkVersion: SKStoreProductParameterAdNetworkVersion
            case .adNetworkSourceIdentifier: SKStoreProductParameterAdNetworkSourceIdentifier
            case .adNetworkSourceAppStoreIdentifier: SKStoreProductParameterAdNetworkSourceAppStoreIdentifier
            case .adNetworkNonce: SKStoreProductParameterAdNetworkNonce
            case .adNetworkTimestamp: SKStoreProductParameterAdNetworkTimestamp
            case .adNetworkAttributionSignature: SKStoreProductParameterAdNetworkAttributionSignature
            }
            let value: Any = switch parameter.value {
            case .string(let text): text
            case .number(let number): NSNumber(value: number)
            case .uuid(let uuid): NSUUID(uuidString: uuid.uuidString) ?? NSUUID()
            }
            parameters[key] = value
        }
        return parameters
    }

    // "Called when the user dismisses the store screen … If your app paused any other activities
    // before presenting the store, it can restart those services in this method."
    // doc: https://developer.apple.com/documentation/storekit/skstoreproductviewcontrollerdelegate/productviewcontrollerdidfinish(_:)
    nonisolated func productViewControllerDidFinish(_ viewController: SKStoreProductViewController) {
        Task { @MainActor in self.receive(.viewerClosed, from: viewController) }
    }

    /// Reports what `ProductSheetReport` makes of `input`, taking the sheet down when it is over.
    private func receive(_ input: ProductSheetReport.Input, from store: SKStoreProductViewController) {
        guard let result = report.receive(input) else { return }
        if report.phase == .over { store.presentingViewController?.dismiss(animated: true) }
        outcome(self, result)
    }
}
#endif
