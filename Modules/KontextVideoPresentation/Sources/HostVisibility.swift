import Foundation

/// Whether a host view is out of sight, from what the platform says of it and of each of its
/// ancestors: hidden, or so transparent that the platform itself treats it as gone. UIKit's
/// hit-testing ignores a view that is hidden or "has an alpha level less than 0.01"
/// (developer.apple.com/documentation/uikit/uiview/hittest(_:with:)); the SDK takes the same
/// line for what the viewer can see, so an ad is not shown into a view faded out. An alpha that
/// is not a number counts as out of sight (nothing can be said of what it draws).
package enum HostVisibility {
    /// What the platform says of one view of the chain.
    package struct Layer: Sendable, Hashable {
        /// The view's own hidden flag (UIKit's `isHidden`).
        package var isHidden: Bool
        /// The view's own opacity, 0…1 (UIKit's `alpha`).
        package var alpha: CGFloat

        /// A view of the chain.
        package init(isHidden: Bool, alpha: CGFloat) {
            self.isHidden = isHidden
            self.alpha = alpha
        }
    }

    /// The opacity under which a view counts as invisible.
    package static let minimumAlpha: CGFloat = 0.01

    /// Whether a view is out of sight, given `chain`: the view, then each of its ancestors.
    package static func isHidden(_ chain: some Sequence<Layer>) -> Bool {
        chain.contains { $0.isHidden || !($0.alpha >= minimumAlpha) }
    }
}
