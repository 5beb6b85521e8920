// Stub of the SwiftUI view modifiers the SDK and a SwiftUI host use: appearing and disappearing,
// overlays, frames and tasks, navigation titles, safe-area insets, and modal presentation. Each returns a `ModifiedContent`:
// an opaque result whose underlying type were `Never` (a `fatalError()` body) would make the
// compiler warn that the code after the modifier never runs.

// doc?: /documentation/SwiftUI/ViewModifier
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@MainActor @preconcurrency public protocol ViewModifier {}

// doc?: /documentation/SwiftUI/EmptyModifier
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct EmptyModifier: ViewModifier {
    nonisolated public init() {}
}

// doc?: /documentation/SwiftUI/ModifiedContent
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension View {
    // doc: /documentation/SwiftUI/View/onAppear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedContent(content: self, modifier: EmptyModifier()) }
    // doc: /documentation/SwiftUI/View/onDisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { ModifiedContent(content: self, modifier: EmptyModifier()) }

    // doc: /documentation/SwiftUI/View/overlay(alignment:content:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, *)
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        ModifiedContent(content: self, modifier: EmptyModifier())
    }

    // doc: /documentation/SwiftUI/View/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        ModifiedContent(content: self, modifier: EmptyModifier())
    }

    // doc: /documentation/SwiftUI/View/task(name:priority:file:line:_:)
    // (its `@export(implementation)` is left out; `name`, `file` and `line` are no-ops before 26.4, its page says)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, *)
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { ModifiedContent(content: self, modifier: EmptyModifier()) }

    // doc: /documentation/SwiftUI/View/navigationTitle(_:)-43srq
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { ModifiedContent(content: self, modifier: EmptyModifier()) }

    // doc: /documentation/SwiftUI/View/sheet(isPresented:onDismiss:content:)
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View { ModifiedContent(content: self, modifier: EmptyModifier()) }

}
