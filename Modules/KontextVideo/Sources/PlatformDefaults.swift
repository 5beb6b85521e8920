import Foundation

#if !canImport(UIKit)
/// Without UIKit there is no key window: `show(from: nil)` needs a presenter from the app
/// (or from `KontextVideoTesting`).
@MainActor
func platformDefaultPresenter() -> (any VideoAdPresenter)? {
    nil
}

/// Without UIKit there is no view hierarchy to add the creative's view to.
@MainActor
func attachPlatformView(_ platformView: AnyObject?, to host: any VideoAdHostView) {}
#endif

#if !canImport(AppTrackingTransparency)
extension KontextVideo {
    /// No App Tracking Transparency here: nothing to ask.
    func requestTrackingAuthorization() async {}
}
#endif
