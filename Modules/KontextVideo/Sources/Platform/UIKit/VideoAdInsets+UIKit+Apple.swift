// `UIEdgeInsets` to the SDK's portable insets.
#if canImport(UIKit)
import UIKit

extension VideoAdInsets {
    /// The same insets as `UIEdgeInsets`.
    /// - Parameter insets: The insets, in points.
    public init(_ insets: UIEdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}
#endif
