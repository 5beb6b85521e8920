import Foundation

/// Why `AdLayout` could not place an ad. The ad stays ready in both cases.
package enum LayoutFailure: Error, Sendable, Hashable {
    /// The view is not in a window, is hidden, or has no area.
    case presenterUnavailable
    /// The ad would have to shrink below 50 %. `minimum` is the smallest view that holds
    /// it at 50 %, its current safe area and the insets included.
    case containerTooSmall(minimum: CGSize)

}
