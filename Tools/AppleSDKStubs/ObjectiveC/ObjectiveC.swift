// Stub of Apple's `ObjectiveC` module: `Selector`, which `#selector` needs, and associated objects.
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

// doc: /documentation/ObjectiveC/objc_AssociationPolicy (`enum objc_AssociationPolicy`, every release; only the
// case the SDK uses is declared, with the runtime header's value, 01401)
public enum objc_AssociationPolicy: UInt, Sendable {
    // doc: /documentation/ObjectiveC/objc_AssociationPolicy/OBJC_ASSOCIATION_RETAIN ("a strong reference to the
    // associated object, and that the association is made atomically")
    case OBJC_ASSOCIATION_RETAIN = 769
}

// doc: /documentation/ObjectiveC/objc_setAssociatedObject(_:_:_:_:)
@available(iOS 3.1, macOS 10.6, tvOS 9.0, *)
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {}
