// Stub of Apple's `ObjectiveC` module: only `Selector`, which `#selector` needs.
// On Linux, `NSObject` and `NSObjectProtocol` come from swift-corelibs-foundation.
// The compiler builds `#selector(...)` as a `Selector`; a struct with one `OpaquePointer`
// field is what it expects once this module is emitted (a plain struct breaks `#selector`).

// doc: /documentation/ObjectiveC/Selector (the page lists it `Sendable`: `@unchecked` here because of the
// `OpaquePointer` field; its other conformances, ExpressibleByStringLiteral, CustomStringConvertible and
// CustomReflectable among them, are not modelled)
@available(iOS 1.0, macOS 10.0, tvOS 1.0, *)
@frozen public struct Selector: Hashable, @unchecked Sendable {
    let ptr: OpaquePointer

    // doc-missing: /documentation/ObjectiveC/Selector/init(_:) (no page in the corpus)
    public init(_ name: String) { fatalError() }
}
