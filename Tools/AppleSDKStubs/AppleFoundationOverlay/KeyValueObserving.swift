// Apple Foundation's Swift key-value observing, which swift-corelibs-foundation lacks.
import Foundation

// doc: /documentation/Foundation/NSKeyValueObservingOptions
@available(iOS 2.0, macOS 10.0, tvOS 9.0, *)
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // doc: /documentation/Foundation/NSKeyValueObservingOptions/new
    public static var new: NSKeyValueObservingOptions { fatalError() }
    // doc: /documentation/Foundation/NSKeyValueObservingOptions/old
    public static var old: NSKeyValueObservingOptions { fatalError() }
    // doc: /documentation/Foundation/NSKeyValueObservingOptions/initial
    @available(iOS 2.0, macOS 10.5, tvOS 9.0, *)
    public static var initial: NSKeyValueObservingOptions { fatalError() }
}

// doc: /documentation/Foundation/NSKeyValueObservedChange
@available(iOS 8.0, macOS 10.10, tvOS 9.0, *)
public struct NSKeyValueObservedChange<Value> {
    // doc: /documentation/Foundation/NSKeyValueObservedChange/newValue
    public let newValue: Value?
    // doc: /documentation/Foundation/NSKeyValueObservedChange/oldValue
    public let oldValue: Value?
    // doc: /documentation/Foundation/NSKeyValueObservedChange/isPrior
    public let isPrior: Bool
}

// doc: /documentation/Foundation/NSKeyValueObservation
@available(iOS 8.0, macOS 10.10, tvOS 9.0, *)
public class NSKeyValueObservation: NSObject {
    // doc: /documentation/Foundation/NSKeyValueObservation/invalidate() (`@objc func invalidate()`; `@objc` needs the
    // Objective-C runtime, which this module is not built with)
    public func invalidate() {}
}

/// The protocol through which Apple's Foundation adds `observe` and `publisher(for:)` to
/// every `NSObject` (`_KeyValueCodingAndObserving`, named on the `observe` page's symbol).
public protocol _KeyValueCodingAndObserving {}
extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    // doc: /documentation/ObjectiveC/NSObject-swift.class/observe(_:options:changeHandler:)
    @available(iOS 8.0, macOS 10.10, tvOS 9.0, *)
    @preconcurrency public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [], changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation { fatalError() }
}
