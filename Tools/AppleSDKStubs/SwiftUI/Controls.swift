// Stub of SwiftUI's controls: buttons and the share link.

// doc: /documentation/SwiftUI/Button
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
nonisolated public struct Button<Label>: View where Label: View {
    // doc: /documentation/SwiftUI/Button/init(action:label:)
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Button where Label == Text {
    // doc: /documentation/SwiftUI/Button/init(_:action:)-lpm7
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol { fatalError() }
    // doc: /documentation/SwiftUI/Button/init(_:action:)-1asy
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) { fatalError() }
}

// doc?: /documentation/SwiftUI/DefaultShareLinkLabel
@available(iOS 16.0, macOS 13.0, *)
@available(tvOS, unavailable)
nonisolated public struct DefaultShareLinkLabel: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/ShareLink
// Its pages list iOS, iPadOS, Mac Catalyst, macOS, visionOS and watchOS: no tvOS.
@available(iOS 16.0, macOS 13.0, *)
@available(tvOS, unavailable)
nonisolated public struct ShareLink<Data, PreviewImage, PreviewIcon, Label>: View
where Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View, Data.Element: Transferable {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, *)
@available(tvOS, unavailable)
extension ShareLink where PreviewImage == Never, PreviewIcon == Never, Label == DefaultShareLinkLabel {
    // doc: /documentation/SwiftUI/ShareLink/init(item:subject:message:)-49l2l
    nonisolated public init(item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> { fatalError() }
}

@available(iOS 16.0, macOS 13.0, *)
@available(tvOS, unavailable)
extension ShareLink where PreviewImage == Never, PreviewIcon == Never {
    // doc?: /documentation/SwiftUI/ShareLink/init(item:subject:message:label:)
    nonisolated public init(item: String, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) where Data == CollectionOfOne<String> { fatalError() }
}
