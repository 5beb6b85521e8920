// The app's UIViewController as the presenter of a linear ad, without adding anything to
// UIViewController: `show(from: UIViewController?)` wraps the controller in this internal adapter.
#if canImport(UIKit)
import UIKit

/// Stands for the app's `UIViewController` as a `VideoAdPresenter`: it presents the ad's
/// full-screen `LinearAdViewController` and takes exactly that one down again.
@MainActor
final class UIViewControllerPresenter: VideoAdPresenter {
    private let controller: UIViewController
    private weak var presented: LinearAdViewController?

    init(_ controller: UIViewController) {
        self.controller = controller
    }

    /// The scene of the controller's window, `nil` while it is in none.
    var windowScene: UIWindowScene? {
        controller.viewIfLoaded?.window?.windowScene
    }

    /// On screen, not in a transition, and presenting nothing else.
    var canPresentVideoAd: Bool {
        controller.viewIfLoaded?.window != nil
            && controller.presentedViewController == nil
            && !controller.isBeingDismissed
            && !controller.isBeingPresented
            && controller.transitionCoordinator == nil
    }

    func presentVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor (Bool) -> Void) {
        let adController = LinearAdViewController(presentation: presentation)
        presented = adController
        controller.present(adController, animated: true) { [weak adController] in
            // UIKit calls the completion on the main thread.
            MainActor.assumeIsolated {
                completion(adController?.presentingViewController != nil)
            }
        }
    }

    func dismissVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor () -> Void) {
        guard let presented else {
            completion()
            return
        }
        presented.dismissBySDK {
            MainActor.assumeIsolated { completion() }
        }
    }
}
#endif
