// Stub of SwiftUI's environment: the values a representable reads from its context.

// doc?: /documentation/SwiftUI/EnvironmentValues
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public struct EnvironmentValues: CustomStringConvertible {
    // doc?: /documentation/SwiftUI/EnvironmentValues/init()
    public init() {}
    public var description: String { fatalError() }
    // doc: /documentation/SwiftUI/EnvironmentValues/layoutDirection
    public var layoutDirection: LayoutDirection { get { fatalError() } set {} }
}
