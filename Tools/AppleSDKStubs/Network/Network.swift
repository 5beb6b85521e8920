// Stub of Apple's `Network`: the path monitor the SDK reads the device's network kind from.
@_exported import Foundation

// doc: /documentation/Network/NWPathMonitor
// Its Swift overlay marks it `@unchecked Sendable` (the monitor delivers on the queue it is given).
@available(iOS 12.0, macOS 10.14, tvOS 12.0, visionOS 1.0, *)
final public class NWPathMonitor: @unchecked Sendable {
    // doc?: /documentation/Network/NWPathMonitor/init()
    public init() {}
    // doc: /documentation/Network/NWPathMonitor/pathUpdateHandler
    @preconcurrency final public var pathUpdateHandler: (@Sendable (NWPath) -> Void)? { get { fatalError() } set {} }
    // doc?: /documentation/Network/NWPathMonitor/start(queue:)
    final public func start(queue: DispatchQueue) {}
    // doc?: /documentation/Network/NWPathMonitor/cancel()
    final public func cancel() {}
}

// doc?: /documentation/Network/NWPath
@available(iOS 12.0, macOS 10.14, tvOS 12.0, visionOS 1.0, *)
public struct NWPath: Sendable {
    // doc?: /documentation/Network/NWPath/status-swift.property
    public let status: NWPath.Status
    // doc: /documentation/Network/NWPath/usesInterfaceType(_:)
    public func usesInterfaceType(_ type: NWInterface.InterfaceType) -> Bool { fatalError() }

    // doc?: /documentation/Network/NWPath/Status-swift.enum
    public enum Status: Sendable, Equatable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }
}

// doc: /documentation/Network/NWInterface
@available(iOS 12.0, macOS 10.14, tvOS 12.0, visionOS 1.0, *)
public struct NWInterface: Sendable, Hashable {
    // doc: /documentation/Network/NWInterface/InterfaceType
    public enum InterfaceType: Sendable, Hashable {
        case other
        case wifi
        case cellular
        case wiredEthernet
        case loopback
    }
}
