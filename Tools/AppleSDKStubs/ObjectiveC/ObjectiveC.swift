// Stub of Apple's `ObjectiveC` module: only `Selector`, which `#selector` needs.
// On Linux, `NSObject` and `NSObjectProtocol` come from swift-corelibs-foundation.
// The compiler builds `#selector(...)` as a `Selector`; a struct with one `OpaquePointer`
// field is what it expects once this module is emitted (a plain struct breaks `#selector`).

// doc?: /documentation/ObjectiveC/Selector
@available(iOS 2.0, macOS 10.0, tvOS 9.0, *)
public struct Selector: Hashable, @unchecked Sendable {
    let ptr: OpaquePointer

    // doc?: /documentation/ObjectiveC/Selector/init(_:)
    public init(_ name: String) { fatalError() }
}
