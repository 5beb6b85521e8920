// The App Store product sheet, presented inside the app for an app-install ad. StoreKit's sheet
// exists on iOS only (tvOS has StoreKit but not the sheet), and UIKit exists on both, so this file
// is `os(iOS)`: no `canImport` can tell the two apart.
#if os(iOS)
import UIKit
import StoreKit

/// The App Store product sheet; taken down again when the product cannot load.
@MainActor
final class ProductSheet: NSObject, SKStoreProductViewControllerDelegate {
    /// The sheet on screen, kept alive as its controller's delegate (which UIKit holds weakly).
    private static var current: ProductSheet?

    /// Presents the product sheet of `appStoreID` on `presenter`; `loaded` says whether the
    /// product loaded (when it did not, the sheet is already going away).
    static func present(_ appStoreID: String, from presenter: UIViewController, loaded: @escaping @MainActor (Bool) -> Void) {
        let sheet = ProductSheet()
        current = sheet
        let store = SKStoreProductViewController()
        store.delegate = sheet
        store.loadProduct(withParameters: [SKStoreProductParameterITunesItemIdentifier: appStoreID]) { ok, _ in
            Task { @MainActor in
                if !ok {
                    store.presentingViewController?.dismiss(animated: true)
                    current = nil
                }
                loaded(ok)
            }
        }
        presenter.present(store, animated: true)
    }

    nonisolated func productViewControllerDidFinish(_ viewController: SKStoreProductViewController) {
        Task { @MainActor in
            viewController.presentingViewController?.dismiss(animated: true)
            ProductSheet.current = nil
        }
    }
}
#endif
