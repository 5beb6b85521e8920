// The linear ad's full-screen controller. It shows the creative's view and reports when UIKit
// took it away without the SDK asking; the SDK decides what that means.
#if canImport(UIKit)
import UIKit

/// The linear ad's full-screen controller.
@MainActor
final class LinearAdViewController: UIViewController {
    let presentation: LinearAdPresentation
    private var dismissedBySDK = false

    init(presentation: LinearAdPresentation) {
        self.presentation = presentation
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
        modalTransitionStyle = .crossDissolve
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        if let content = presentation.platformView as? UIView {
            content.frame = view.bounds
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(content)
        }
    }

    // UIKit declares these two on iOS only (tvOS has no status bar or home indicator), and
    // UIKit exists on both: no `canImport` can tell them apart, so this is `os(iOS)`.
    #if os(iOS)
    override var prefersStatusBarHidden: Bool { true }
    override var prefersHomeIndicatorAutoHidden: Bool { true }
    #endif

    func dismissBySDK(completion: @escaping @MainActor @Sendable () -> Void) {
        dismissedBySDK = true
        guard let presenting = presentingViewController else {
            completion()
            return
        }
        // Dismissed from below: this closes the ad and anything it presented (an App Store sheet
        // opened by a click), so the ad's screen really is gone when `didEnd` arrives.
        presenting.dismiss(animated: true, completion: completion)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if !dismissedBySDK, isBeingDismissed || presentingViewController == nil {
            presentation.presenterDidDismiss()
        }
    }
}
#endif
