// Stub of Apple's `CoreGraphics` module. swift-corelibs-foundation already declares
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (and their geometry members) on Linux, so this
// module re-exports Foundation and adds nothing: on Apple platforms those types come from
// CoreGraphics and Foundation re-exports them, so `import Foundation` sees them on both.
// doc?: /documentation/CoreGraphics/CGRect
// doc?: /documentation/CoreGraphics/CGFloat
@_exported import Foundation
