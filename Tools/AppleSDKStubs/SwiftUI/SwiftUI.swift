// Stub of Apple's `SwiftUI`: what the SDK's SwiftUI code (the ad inspector's screen) and a SwiftUI
// host of ads use — views, stacks, lists, navigation, sharing, state, UIKit representables,
// geometry and presentation. Like the real module it re-exports Foundation, CoreGraphics, Combine
// and CoreTransferable, and UIKit where UIKit exists.
//
// The pages of the docs corpus show Xcode 27's `@ContentBuilder` on content closures (a name its
// `ViewBuilder` page introduces for that SDK); these stubs keep `@ViewBuilder`, the attribute of
// the SDKs the package builds with (README: kept as Xcode 26 declares them). Views are `nonisolated`
// structs and modifiers `nonisolated` methods, as the pages show; `View` itself is `@MainActor`.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import Combine
@_exported import CoreTransferable
#if canImport(UIKit)
@_exported import UIKit
#endif

// doc: /documentation/SwiftUI/View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@MainActor @preconcurrency public protocol View {
    // doc: /documentation/SwiftUI/View/Body-swift.associatedtype
    associatedtype Body: View
    // doc?: /documentation/SwiftUI/View/body-8kl5o
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// doc?: /documentation/Swift/Never/body
// SwiftUI's views with no body of their own (its primitives, the representables) have
// `Body == Never`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc: /documentation/SwiftUI/ViewBuilder
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@resultBuilder public struct ViewBuilder {
    // doc: /documentation/SwiftUI/ViewBuilder/buildBlock()
    public static func buildBlock() -> EmptyView { fatalError() }
    // doc: /documentation/SwiftUI/ViewBuilder/buildBlock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // doc: /documentation/SwiftUI/ViewBuilder/buildBlock(_:)-2bj1g
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View { fatalError() }
    // doc?: /documentation/SwiftUI/ViewBuilder/buildExpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // doc?: /documentation/SwiftUI/ViewBuilder/buildIf(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { fatalError() }
    // doc?: /documentation/SwiftUI/ViewBuilder/buildEither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // doc?: /documentation/SwiftUI/ViewBuilder/buildEither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // doc?: /documentation/SwiftUI/ViewBuilder/buildLimitedAvailability(_:)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { fatalError() }
}

// doc?: /documentation/SwiftUI/EmptyView
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct EmptyView: View {
    public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/TupleView
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/_ConditionalContent
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/AnyView
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct AnyView: View {
    public init<V>(_ view: V) where V: View { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/Swift/Optional/View-Implementations
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}
