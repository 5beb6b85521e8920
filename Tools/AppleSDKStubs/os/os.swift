// Stub of Apple's `os` (the unified logging system's Swift API), as the SDK's console log uses it.
@_exported import Foundation

// doc: /documentation/os/Logger
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
public struct Logger: @unchecked Sendable {
    // doc: /documentation/os/Logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {}
    // doc: /documentation/os/Logger/log(level:_:)
    public func log(level: OSLogType, _ message: OSLogMessage) {}
}

// doc: /documentation/os/OSLogType
public struct OSLogType: Sendable, Equatable {
    private let raw: UInt8
    private init(_ raw: UInt8) { self.raw = raw }
    // doc: /documentation/os/OSLogType/debug
    public static let debug = OSLogType(2)
    // doc: /documentation/os/OSLogType/info
    public static let info = OSLogType(1)
    // doc: /documentation/os/OSLogType/default
    public static let `default` = OSLogType(0)
    // doc: /documentation/os/OSLogType/error
    public static let error = OSLogType(16)
    // doc: /documentation/os/OSLogType/fault
    public static let fault = OSLogType(17)
}

// doc: /documentation/os/OSLogPrivacy
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
public struct OSLogPrivacy: Sendable, Equatable {
    private let raw: UInt8
    private init(_ raw: UInt8) { self.raw = raw }
    // doc: /documentation/os/OSLogPrivacy/auto
    public static let auto = OSLogPrivacy(0)
    // doc: /documentation/os/OSLogPrivacy/public
    public static let `public` = OSLogPrivacy(1)
    // doc: /documentation/os/OSLogPrivacy/private
    public static let `private` = OSLogPrivacy(2)
}

// doc: /documentation/os/OSLogStringAlignment
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
public struct OSLogStringAlignment: Sendable {
    // doc: /documentation/os/OSLogStringAlignment/none
    public static let none = OSLogStringAlignment()
}

// doc: /documentation/os/OSLogMessage
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    // doc: /documentation/os/OSLogMessage/interpolation
    public let interpolation: OSLogInterpolation
    // doc: /documentation/os/OSLogMessage/init(stringInterpolation:)
    public init(stringInterpolation: OSLogInterpolation) { interpolation = stringInterpolation }
    // doc: /documentation/os/OSLogMessage/init(stringLiteral:)
    public init(stringLiteral value: String) { interpolation = OSLogInterpolation(literalCapacity: 0, interpolationCount: 0) }
}

// doc: /documentation/os/OSLogInterpolation
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@frozen public struct OSLogInterpolation: StringInterpolationProtocol {
    // doc-missing: OSLogInterpolation/init(literalCapacity:interpolationCount:) (the protocol's requirement; no page of its own)
    public init(literalCapacity: Int, interpolationCount: Int) {}
    // doc-missing: OSLogInterpolation/appendLiteral(_:) (the protocol's requirement; no page of its own)
    public mutating func appendLiteral(_ literal: String) {}
    // doc: /documentation/os/OSLogInterpolation/appendInterpolation(_:align:privacy:)-6tazr
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {}
}
