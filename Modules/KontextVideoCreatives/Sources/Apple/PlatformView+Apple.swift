// The view type of the creatives and their controls where UIKit exists (see `PlatformView.swift`).
#if canImport(UIKit)
import UIKit

/// The view a creative is drawn in, and each control the SDK draws over it: a `UIView`.
package typealias PlatformView = UIView
#endif
