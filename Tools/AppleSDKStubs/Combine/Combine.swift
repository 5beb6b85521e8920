// Stub of Apple's `Combine`: the publisher protocols and the operators the SDK, and an app
// observing a player, use. Shapes follow Apple's declarations; no operator does anything.

// doc: /documentation/Combine/Publisher
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    // doc: /documentation/Combine/Publisher/receive(subscriber:)
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

// doc: /documentation/Combine/Subscriber
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    // doc: /documentation/Combine/Subscriber/receive(subscription:)
    func receive(subscription: any Subscription)
    // doc: /documentation/Combine/Subscriber/receive(_:)
    func receive(_ input: Self.Input) -> Subscribers.Demand
    // doc: /documentation/Combine/Subscriber/receive(completion:)
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

// doc: /documentation/Combine/CustomCombineIdentifierConvertible
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

// doc: /documentation/Combine/CombineIdentifier
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    public init() { fatalError() }
    public var description: String { fatalError() }
}

// doc: /documentation/Combine/Cancellable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol Cancellable {
    // doc: /documentation/Combine/Cancellable/cancel()
    func cancel()
}

// doc: /documentation/Combine/Subscription
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    // doc: /documentation/Combine/Subscription/request(_:)
    func request(_ demand: Subscribers.Demand)
}

// doc: /documentation/Combine/Subscribers
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public enum Subscribers {
    // doc: /documentation/Combine/Subscribers/Completion
    @frozen public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
    // doc: /documentation/Combine/Subscribers/Demand
    @frozen public struct Demand: Equatable, Hashable, Sendable {
        public static let none = Demand()
        public static func max(_ value: Int) -> Demand { fatalError() }
        init() {}
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Subscribers.Completion: Equatable where Failure: Equatable {}
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Subscribers.Completion: Sendable where Failure: Sendable {}

// doc: /documentation/Combine/AnyCancellable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
final public class AnyCancellable: Cancellable, Hashable {
    // doc: /documentation/Combine/AnyCancellable/init(_:)-3icn3
    public init(_ cancel: @escaping () -> Void) { fatalError() }
    // doc: /documentation/Combine/AnyCancellable/init(_:)-48fh3
    public init<C>(_ canceller: C) where C: Cancellable { fatalError() }
    // doc-missing: AnyCancellable.cancel() (no page in the corpus; /documentation/Combine/AnyCancellable/cancel() not found after two searches)
    final public func cancel() {}
    // doc: /documentation/Combine/AnyCancellable/store(in:)-3hyxs
    final public func store(in set: inout Set<AnyCancellable>) {}
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { fatalError() }
    final public func hash(into hasher: inout Hasher) {}
}

// doc: /documentation/Combine/AnyPublisher
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    // doc: /documentation/Combine/AnyPublisher/init(_:)
    @inlinable public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher { fatalError() }
    public var description: String { fatalError() }
    public var playgroundDescription: Any { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension AnyPublisher: Publisher {
    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {}
}

// doc: /documentation/Combine/Subject
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    // doc: /documentation/Combine/Subject/send(_:)
    func send(_ value: Self.Output)
    // doc: /documentation/Combine/Subject/send(completion:)
    func send(completion: Subscribers.Completion<Self.Failure>)
    // doc: /documentation/Combine/Subject/send(subscription:)
    func send(subscription: any Subscription)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Subject where Self.Output == () {
    // doc: /documentation/Combine/Subject/send()
    public func send() {}
}

// doc-missing: Publishers (no page in the corpus; /documentation/Combine/Publishers not found after two searches)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public enum Publishers {
    // doc: /documentation/Combine/Publishers/Map
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) { fatalError() }
        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {}
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Publisher {
    // doc: /documentation/Combine/Publisher/sink(receiveCompletion:receiveValue:)
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Self.Failure>) -> Void, receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable { fatalError() }
    // doc: /documentation/Combine/Publisher/map(_:)-99evh
    public func map<T>(_ transform: @escaping (Self.Output) -> T) -> Publishers.Map<Self, T> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Publisher where Self.Failure == Never {
    // doc: /documentation/Combine/Publisher/sink(receiveValue:)
    public func sink(receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable { fatalError() }
}

// MARK: Observable objects (what SwiftUI's `ObservedObject` and `StateObject` hold)

// doc: /documentation/Combine/ObservableObject
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public protocol ObservableObject: AnyObject {
    // doc: /documentation/Combine/ObservableObject/ObjectWillChangePublisher
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where Self.ObjectWillChangePublisher.Failure == Never
    // doc: /documentation/Combine/ObservableObject/objectWillChange
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    // doc: /documentation/Combine/ObservableObject/objectWillChange-5gopl
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

// doc: /documentation/Combine/ObservableObjectPublisher
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    // doc?: /documentation/Combine/ObservableObjectPublisher/init()
    public init() { fatalError() }
    // doc?: /documentation/Combine/ObservableObjectPublisher/send()
    final public func send() {}
    final public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Void {}
}

// doc: /documentation/Combine/Published
// `@Published` works on class properties only: Combine reaches the enclosing object through the
// `_enclosingInstance` subscript, and marks `wrappedValue` unavailable (the SDK's interface does).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@propertyWrapper
public struct Published<Value> {
    // doc?: /documentation/Combine/Published/init(wrappedValue:)
    public init(wrappedValue: Value) { fatalError() }
    // doc: /documentation/Combine/Published/init(initialValue:)
    public init(initialValue: Value) { fatalError() }
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set {}
    }
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { fatalError() }
        set {}
    }
    // doc: /documentation/Combine/Published/projectedValue
    public var projectedValue: Published<Value>.Publisher {
        mutating get { fatalError() }
        set {}
    }

    // doc?: /documentation/Combine/Published/Publisher
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        public func receive<S>(subscriber: S) where Value == S.Input, S: Subscriber, S.Failure == Never {}
    }
}
