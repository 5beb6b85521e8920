// Stub of SwiftUI's geometry: a view's size, safe area and frame, and insets.

// doc: /documentation/SwiftUI/EdgeInsets
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct EdgeInsets: Equatable, Sendable {
    // doc?: /documentation/SwiftUI/EdgeInsets/top
    public var top: CGFloat
    // doc: /documentation/SwiftUI/EdgeInsets/leading
    public var leading: CGFloat
    // doc?: /documentation/SwiftUI/EdgeInsets/bottom
    public var bottom: CGFloat
    // doc: /documentation/SwiftUI/EdgeInsets/trailing
    public var trailing: CGFloat
    // doc: /documentation/SwiftUI/EdgeInsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    // doc?: /documentation/SwiftUI/EdgeInsets/init()
    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }
}

// doc?: /documentation/SwiftUI/CoordinateSpace
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public enum CoordinateSpace: Hashable {
    case global
    case local
    case named(AnyHashable)
}

// doc?: /documentation/SwiftUI/GeometryProxy
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public struct GeometryProxy {
    // doc?: /documentation/SwiftUI/GeometryProxy/size
    public var size: CGSize { fatalError() }
    // doc: /documentation/SwiftUI/GeometryProxy/safeAreaInsets
    public var safeAreaInsets: EdgeInsets { fatalError() }
    // doc?: /documentation/SwiftUI/GeometryProxy/frame(in:)-6ggl3
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { fatalError() }
}

// doc: /documentation/SwiftUI/Alignment
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    // doc?: /documentation/SwiftUI/Alignment/horizontal
    public var horizontal: HorizontalAlignment
    // doc?: /documentation/SwiftUI/Alignment/vertical
    public var vertical: VerticalAlignment
    // doc?: /documentation/SwiftUI/Alignment/init(horizontal:vertical:)
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    // doc: /documentation/SwiftUI/Alignment/center
    public static let center = Alignment(horizontal: .center, vertical: .center)
    // doc: /documentation/SwiftUI/Alignment/bottom
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
}

// doc: /documentation/SwiftUI/LayoutDirection
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    // doc?: /documentation/SwiftUI/LayoutDirection/rightToLeft
    case rightToLeft
}
