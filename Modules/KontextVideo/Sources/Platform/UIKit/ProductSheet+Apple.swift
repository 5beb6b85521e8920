// The App Store product sheet, presented inside the app for an app-install ad. StoreKit's sheet
// exists on iOS only (tvOS has StoreKit but not the sheet), and UIKit exists on both, so this file
// is `os(iOS)`: no `canImport` can tell the two apart.
#if os(iOS)
import UIKit
import StoreKit

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

    /// Presents the product sheet of `appStoreID` on `presenter`.
    func present(_ appStoreID: String, from presenter: UIViewController) {
        let store = SKStoreProductViewController()
        store.delegate = self
        store.loadProduct(withParameters: [SKStoreProductParameterITunesItemIdentifier: appStoreID]) { ok, _ in
            Task { @MainActor in self.receive(.productLoaded(ok), from: store) }
        }
        presenter.present(store, animated: true)
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
