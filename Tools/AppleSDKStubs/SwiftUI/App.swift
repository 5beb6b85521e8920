// Stub of SwiftUI's app structure: an `@main` app, its scenes and the window group of a
// single-window app (the SwiftUI example app).

// doc: /documentation/SwiftUI/Scene
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@MainActor @preconcurrency public protocol Scene {
    // doc?: /documentation/SwiftUI/Scene/Body-swift.associatedtype
    associatedtype Body: Scene
    // doc: /documentation/SwiftUI/Scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// doc?: /documentation/Swift/Never (SwiftUI's scenes with no body of their own have `Body == Never`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
extension Never: Scene {}

// doc: /documentation/SwiftUI/SceneBuilder
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@resultBuilder public struct SceneBuilder {
    // doc?: /documentation/SwiftUI/SceneBuilder/buildBlock(_:) — its page shows Xcode 27's variadic
    // `buildBlock<each Content>(_:) -> some Scene`; this is the one-scene overload of the SDKs the
    // package builds with (not re-read), which is all a one-window app needs
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }
}

// doc: /documentation/SwiftUI/App
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@MainActor @preconcurrency public protocol App {
    // doc?: /documentation/SwiftUI/App/Body-swift.associatedtype
    associatedtype Body: Scene
    // doc: /documentation/SwiftUI/App/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    // doc: /documentation/SwiftUI/App/init()
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
extension App {
    // doc: /documentation/SwiftUI/App/main()
    @MainActor @preconcurrency public static func main() { fatalError() }
}

// doc?: /documentation/SwiftUI/WindowGroup (`nonisolated struct WindowGroup<Content> where Content : View`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
nonisolated public struct WindowGroup<Content>: Scene where Content: View {
    // doc: /documentation/SwiftUI/WindowGroup/init(content:)
    // Its page (Xcode 27's) lists it as deprecated after iOS 18 for `init(makeContent:)`; Xcode 26,
    // which the package builds with, declares it without a deprecation, as `ScrollView`'s note says.
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}
