// Stub of SwiftUI's views: text, stacks, lists and sections, scrolling, navigation.

// doc?: /documentation/SwiftUI/LocalizedStringKey
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    // doc?: /documentation/SwiftUI/LocalizedStringKey/init(_:)
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
}

// doc: /documentation/SwiftUI/Text
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct Text: Equatable, Sendable {
    // doc: /documentation/SwiftUI/Text/init(verbatim:)
    public init(verbatim content: String) { fatalError() }
    // doc: /documentation/SwiftUI/Text/init(_:)-9d1g4
    public init<S>(_ content: S) where S: StringProtocol { fatalError() }
    // doc?: /documentation/SwiftUI/Text/init(_:tableName:bundle:comment:)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) { fatalError() }
}

// A view through an extension, as the SDK declares it: `Text` itself is not main-actor isolated.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/HorizontalAlignment
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
    init() {}
}

// doc?: /documentation/SwiftUI/VerticalAlignment
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    init() {}
}

// doc: /documentation/SwiftUI/VStack
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct VStack<Content>: View where Content: View {
    // doc: /documentation/SwiftUI/VStack/init(alignment:spacing:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc: /documentation/SwiftUI/ZStack
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen nonisolated public struct ZStack<Content>: View where Content: View {
    // doc: /documentation/SwiftUI/ZStack/init(alignment:content:)
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// doc?: /documentation/SwiftUI/List
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
nonisolated public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension List where SelectionValue == Never {
    // doc: /documentation/SwiftUI/List/init(content:)
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    // doc: /documentation/SwiftUI/List/init(_:rowContent:)-3vn6i
    public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable {
        fatalError()
    }
}

// doc?: /documentation/SwiftUI/Section
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
nonisolated public struct Section<Parent, Content, Footer>: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Section where Footer == EmptyView {
    // doc: /documentation/SwiftUI/Section/init(content:header:)
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension Section where Parent == EmptyView, Footer == EmptyView {
    // doc: /documentation/SwiftUI/Section/init(content:)
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

// doc: /documentation/SwiftUI/ForEach
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
nonisolated public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    // doc?: /documentation/SwiftUI/ForEach/init(_:content:)-6dbvk (the page of this overload is not in the corpus; its MapKit twin is)
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
extension ForEach where Content: View {
    // doc?: /documentation/SwiftUI/ForEach/init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

// doc?: /documentation/SwiftUI/NavigationPath
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
public struct NavigationPath: Equatable {
    public init() {}
}

// doc: /documentation/SwiftUI/NavigationStack
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
nonisolated public struct NavigationStack<Data, Root>: View where Root: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
extension NavigationStack where Data == NavigationPath {
    // doc: /documentation/SwiftUI/NavigationStack/init(root:)
    public init(@ViewBuilder root: () -> Root) { fatalError() }
}
