// Apple Foundation's Combine publishers for key-value observing and notifications.
import Foundation
import Combine

extension NSObject {
    // doc: /documentation/ObjectiveC/NSObject-swift.class/KeyValueObservingPublisher
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
    public struct KeyValueObservingPublisher<Subject: NSObject, Value>: Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        // doc: /documentation/ObjectiveC/NSObject-swift.class/KeyValueObservingPublisher/object
        public let object: Subject
        // doc: /documentation/ObjectiveC/NSObject-swift.class/KeyValueObservingPublisher/keyPath
        public let keyPath: KeyPath<Subject, Value>
        // doc: /documentation/ObjectiveC/NSObject-swift.class/KeyValueObservingPublisher/options
        public let options: NSKeyValueObservingOptions
        // doc: /documentation/ObjectiveC/NSObject-swift.class/KeyValueObservingPublisher/init(object:keyPath:options:)
        public init(object: Subject, keyPath: KeyPath<Subject, Value>, options: NSKeyValueObservingOptions) { fatalError() }
        public func receive<S>(subscriber: S) where Value == S.Input, S: Subscriber, S.Failure == Never {}
    }
}

extension _KeyValueCodingAndObserving where Self: NSObject {
    // doc-missing: the method page `publisher(for:options:)` is not in the docs corpus (its
    // type's page is); declaration as in Apple's Foundation interface.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
    public func publisher<Value>(for keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [.initial, .new]) -> NSObject.KeyValueObservingPublisher<Self, Value> { fatalError() }
}

extension NotificationCenter {
    // doc: /documentation/Foundation/NotificationCenter/publisher(for:object:)
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher { fatalError() }

    // doc: /documentation/Foundation/NotificationCenter/Publisher
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        // doc: /documentation/Foundation/NotificationCenter/Publisher/center
        public let center: NotificationCenter
        // doc: /documentation/Foundation/NotificationCenter/Publisher/name
        public let name: Notification.Name
        // doc: /documentation/Foundation/NotificationCenter/Publisher/object
        public let object: AnyObject?
        // doc: /documentation/Foundation/NotificationCenter/Publisher/init(center:name:object:)
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) { fatalError() }
        public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Notification {}
    }
}
