// Stub of Apple's `CoreMedia`: `CMTime` and the members the SDK and a player app use.
@_exported import Foundation

// doc: /documentation/CoreMedia/CMTimeValue
@available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
public typealias CMTimeValue = Int64
// doc: /documentation/CoreMedia/CMTimeScale
@available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
public typealias CMTimeScale = Int32

// doc: /documentation/CoreMedia/CMTime
@available(iOS 4.0, macOS 10.7, tvOS 9.0, *)
public struct CMTime: Hashable, Sendable {
    // doc: /documentation/CoreMedia/CMTime/value
    public var value: CMTimeValue
    // doc: /documentation/CoreMedia/CMTime/timescale
    public var timescale: CMTimeScale

    // doc: /documentation/CoreMedia/CMTime/init(value:timescale:)
    public init(value: CMTimeValue, timescale: CMTimeScale) { fatalError() }
    // doc: /documentation/CoreMedia/CMTime/init(seconds:preferredTimescale:)
    public init(seconds: Double, preferredTimescale: CMTimeScale) { fatalError() }
    // doc: /documentation/CoreMedia/CMTime/seconds
    public var seconds: Double { fatalError() }
    // doc: /documentation/CoreMedia/CMTime/zero
    public static let zero: CMTime = { fatalError() }()
    // doc: /documentation/CoreMedia/CMTime/invalid
    public static let invalid: CMTime = { fatalError() }()
}
