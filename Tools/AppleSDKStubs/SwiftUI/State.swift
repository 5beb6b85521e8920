// Stub of SwiftUI's state: `State`, `Binding`, and the wrappers of an `ObservableObject`.

// doc?: /documentation/SwiftUI/DynamicProperty
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol DynamicProperty {}

// doc: /documentation/SwiftUI/Binding
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value>: DynamicProperty {
    // doc: /documentation/SwiftUI/Binding/init(get:set:)-7ufcp
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    // doc?: /documentation/SwiftUI/Binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    // doc?: /documentation/SwiftUI/Binding/wrappedValue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    // doc?: /documentation/SwiftUI/Binding/projectedValue
    public var projectedValue: Binding<Value> { fatalError() }
    // doc?: /documentation/SwiftUI/Binding/subscript(dynamicMember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

// doc?: /documentation/SwiftUI/State
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    // doc: /documentation/SwiftUI/State/init(wrappedValue:)
    public init(wrappedValue value: Value) { fatalError() }
    // doc: /documentation/SwiftUI/State/init(initialValue:)
    public init(initialValue value: Value) { fatalError() }
    // doc?: /documentation/SwiftUI/State/wrappedValue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    // doc?: /documentation/SwiftUI/State/projectedValue
    public var projectedValue: Binding<Value> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension State: Sendable where Value: Sendable {}

// doc?: /documentation/SwiftUI/ObservedObject
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@MainActor @preconcurrency @propertyWrapper @frozen public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    // doc?: /documentation/SwiftUI/ObservedObject/Wrapper
    @MainActor @preconcurrency @dynamicMemberLookup @frozen public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { fatalError() }
    }
    // doc: /documentation/SwiftUI/ObservedObject/init(wrappedValue:)
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { fatalError() }
    // doc: /documentation/SwiftUI/ObservedObject/init(initialValue:)
    @MainActor @preconcurrency public init(initialValue: ObjectType) { fatalError() }
    // doc?: /documentation/SwiftUI/ObservedObject/wrappedValue
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
    // doc?: /documentation/SwiftUI/ObservedObject/projectedValue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

// doc: /documentation/SwiftUI/StateObject
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@MainActor @frozen @propertyWrapper @preconcurrency public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    // doc: /documentation/SwiftUI/StateObject/init(wrappedValue:)
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }
    // doc: /documentation/SwiftUI/StateObject/wrappedValue
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
    // doc?: /documentation/SwiftUI/StateObject/projectedValue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}
