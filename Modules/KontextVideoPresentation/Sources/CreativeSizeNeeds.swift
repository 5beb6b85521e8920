import Foundation

/// What a creative needs on screen: its natural size in points and how it is presented.
///
/// The size must be finite and positive on both axes; the initializer returns `nil`
/// otherwise, so a broken creative is caught where it is parsed (the caller fails it as
/// a creative error) and `AdLayout` never sees garbage.
package struct CreativeSizeNeeds: Sendable, Hashable {
    /// How the ad sits in the host view.
    package enum Kind: Sendable, Hashable, CaseIterable {
        /// An overlay: a strip at the bottom of the available area, centred horizontally.
        case overlayStrip
        /// A pause card, centred in the available area.
        case pauseCard
        /// A full-screen pause ad: fills the view's safe area and ignores the publisher's insets.
        case fullScreenPause
    }

    /// The creative's natural width, in points (finite, > 0).
    package let width: CGFloat
    /// The creative's natural height, in points (finite, > 0).
    package let height: CGFloat
    /// How the ad sits in the host view.
    package let kind: Kind

    /// Creates needs, or `nil` when `width` or `height` is zero, negative, NaN or infinite.
    package init?(width: CGFloat, height: CGFloat, kind: Kind) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        self.kind = kind
    }
}
