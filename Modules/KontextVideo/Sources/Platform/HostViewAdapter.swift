import Foundation

/// A host view the SDK made itself to stand for a platform view it must not extend publicly (the
/// app's `UIView`). The presentation holds it strongly for as long as the ad is shown — an app's
/// own `VideoAdHostView` is held weakly — and it holds the platform view weakly: once that view is
/// gone, the ad ends as if its host had been freed.
@MainActor
protocol HostViewAdapter: VideoAdHostView {
    /// Whether the platform view still exists.
    var isWrappedViewAlive: Bool { get }
    /// Whether the changes it reports (`videoAdReportChanges(to:)`) include its visibility. When not
    /// (UIKit signals no change of `isHidden` or `alpha`), the view is still measured every half
    /// second while the ad is shown, for that alone.
    var reportsVisibilityChanges: Bool { get }
}
