// Stub of Apple's `CoreGraphics` module. swift-corelibs-foundation already declares
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (and their geometry members) on Linux, so this
// module re-exports Foundation and adds nothing: on Apple platforms those types come from
// CoreGraphics and Foundation re-exports them, so `import Foundation` sees them on both.
// doc-missing: /documentation/CoreFoundation/CGRect (no page in the corpus; its members' pages are filed
// under CoreFoundation, e.g. /documentation/CoreFoundation/CGRect/init(origin:size:))
// doc: /documentation/CoreFoundation/CGFloat-swift.struct (`@frozen struct CGFloat`, as Linux's Foundation
// declares it: `@frozen public struct CGFloat : Sendable`)
@_exported import Foundation
