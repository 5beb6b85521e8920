// Stub of Apple's `CoreTransferable`: the `Transferable` protocol a `ShareLink` shares, and the
// conformances of the types the SDK shares (a `String` of JSON) or that SwiftUI uses as "no
// preview" (`Never`). SwiftUI re-exports it, as the real one does.
@_exported import Foundation

// doc: /documentation/CoreTransferable/Transferable
// Its requirement (`static var transferRepresentation: Self.Representation`, with
// `TransferRepresentation` and its builder) is not modelled: no code checked here conforms a type
// of its own; it shares the system's conforming types only.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
@preconcurrency public protocol Transferable: Sendable {}

// doc?: /documentation/Swift/String/Transferable-Implementations
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
extension String: Transferable {}

// doc?: /documentation/Foundation/URL/Transferable-Implementations
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
extension URL: Transferable {}

// doc?: /documentation/Swift/Never/Transferable-Implementations
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
extension Never: Transferable {}
