// The type of the views a creative is drawn in and of the SDK's controls over it, named once for
// every module: `UIView` where UIKit exists (iOS, tvOS, visionOS; `Apple/PlatformView+Apple.swift`),
// any object elsewhere (macOS, Linux, headless tests), where nothing is drawn. Renderers hand it up,
// the platform attaches it and Open Measurement measures it, with no cast on the way.
#if !canImport(UIKit)
/// The view a creative is drawn in, and each control the SDK draws over it: where there is no
/// UIKit nothing is drawn, and a view is any object (`nil` in practice; tests pass their own).
package typealias PlatformView = AnyObject
#endif
