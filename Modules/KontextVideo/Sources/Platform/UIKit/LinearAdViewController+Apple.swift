// The linear ad's full-screen controller. It shows the creative's view, reports when UIKit
// took it away (`LinearScreenDisappearance` decides whether that ends the ad), and hands the
// remote's Menu and Play/Pause to the ad (tvOS: taken here, so Menu does not dismiss the ad's
// screen under it); the SDK decides what each means (`LinearPlaybackSession`).
#if canImport(UIKit)
import UIKit
import KontextVideoCreatives

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
        if let content = presentation.platformView {
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

    /// The focus engine (tvOS) looks in the ad's view first, for its Skip, Resume or ✕.
    override var preferredFocusEnvironments: [any UIFocusEnvironment] {
        presentation.platformView.map { [$0 as any UIFocusEnvironment] } ?? []
    }

    // Presses reach here when nothing in the ad's view has focus (a countdown, the video alone).
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        presses.compactMap { RemotePress($0.type) }.forEach(presentation.remotePressed)
        super.pressesBegan(presses.filter { RemotePress($0.type) == nil }, with: event)
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        super.pressesEnded(presses.filter { RemotePress($0.type) == nil }, with: event)
    }

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
        let disappearance = LinearScreenDisappearance(
            dismissedBySDK: dismissedBySDK, isBeingDismissed: isBeingDismissed, isStillPresented: presentingViewController != nil)
        if disappearance.endsAd { presentation.presenterDidDismiss() }
    }
}
#endif
