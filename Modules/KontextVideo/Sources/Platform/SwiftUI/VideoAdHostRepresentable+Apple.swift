// The host in SwiftUI's hierarchy: a view controller representable, so that the host has a view
// (for overlay and pause ads) and a view controller in the hosting controller's hierarchy (to
// present linear ads from). It only hands both, and the app's insets, to the handle.
#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// SwiftUI's side of the host: makes the ``VideoAdHostController`` once and, on every update,
/// gives the handle the controller and the modifier's insets in the view's left/right terms.
struct VideoAdHostRepresentable: UIViewControllerRepresentable {
    let host: VideoAdSwiftUIHost
    let insets: EdgeInsets

    func makeUIViewController(context: Context) -> VideoAdHostController {
        VideoAdHostController()
    }

    func updateUIViewController(_ controller: VideoAdHostController, context: Context) {
        let resolved = VideoAdInsets(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing,
                                     isRightToLeft: context.environment.layoutDirection == .rightToLeft)
        host.attach(controller, insets: resolved)
    }
}
#endif
