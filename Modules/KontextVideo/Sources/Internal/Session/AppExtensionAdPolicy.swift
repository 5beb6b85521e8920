import Foundation
import KontextVideoNetworking

/// Where the SDK shows ads: in the main app only, never in an app extension.
///
/// App Review Guideline 2.5.18 (Advertising): "Display advertising should be limited to your main
/// app executable, and should not be included in extensions, App Clips, widgets, notifications,
/// keyboards, watchOS apps, etc." So in an app extension (`HostProcessKind.appExtension`: a widget,
/// a share, notification or iMessage extension, a keyboard) every `show` throws
/// `presenterUnavailable` and shows nothing, and says why at `.error`. The package still builds
/// and links there: `VideoAds` may still ask for and load ads (the containing app's shared
/// storage may want them), but none reaches the screen.
package enum AppExtensionAdPolicy {
    /// Why no ad is shown in `kind` of process; `nil` in the main app, where ads are shown.
    /// - Parameter kind: The process the SDK runs in (`PlatformServices.hostProcessKind`).
    /// - Returns: The sentence the event stream says with the refusal.
    package static func refusal(in kind: HostProcessKind) -> String? {
        switch kind {
        case .app: nil
        case .appExtension:
            "ads are shown only in the main app, never in an app extension: App Review Guideline 2.5.18 "
                + "(\"display advertising should be limited to your main app executable\")"
        }
    }
}
