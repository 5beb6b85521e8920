// Stub of SwiftUI's UIKit representables: a `UIView` or a `UIViewController` in a SwiftUI
// hierarchy. iOS and tvOS only (macOS has AppKit's `NSViewRepresentable`, not modelled).
#if canImport(UIKit)
import UIKit

// doc: /documentation/SwiftUI/UIViewRepresentableContext
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@MainActor @preconcurrency public struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable {
    // doc: /documentation/SwiftUI/UIViewRepresentableContext/coordinator
    @MainActor @preconcurrency public let coordinator: Representable.Coordinator
    // doc: /documentation/SwiftUI/UIViewRepresentableContext/environment
    @MainActor @preconcurrency public var environment: EnvironmentValues { fatalError() }
}

// doc: /documentation/SwiftUI/UIViewRepresentable
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
    // doc?: /documentation/SwiftUI/UIViewRepresentable/UIViewType
    associatedtype UIViewType: UIView
    // doc?: /documentation/SwiftUI/UIViewRepresentable/Coordinator
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    // doc: /documentation/SwiftUI/UIViewRepresentable/makeUIView(context:)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    // doc?: /documentation/SwiftUI/UIViewRepresentable/updateUIView(_:context:)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    // doc?: /documentation/SwiftUI/UIViewRepresentable/dismantleUIView(_:coordinator:)
    @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
    // doc: /documentation/SwiftUI/UIViewRepresentable/makeCoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
    // doc?: /documentation/SwiftUI/UIViewRepresentable/sizeThatFits(_:uiView:context:)
    @available(iOS 16.0, tvOS 16.0, *)
    @MainActor @preconcurrency func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize?
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
extension UIViewRepresentable {
    public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
    @available(iOS 16.0, tvOS 16.0, *)
    public func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize? { nil }
    public var body: Never { fatalError() }
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
extension UIViewRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() -> Void {}
}

// doc: /documentation/SwiftUI/UIViewControllerRepresentableContext
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@MainActor @preconcurrency public struct UIViewControllerRepresentableContext<Representable> where Representable: UIViewControllerRepresentable {
    // doc?: /documentation/SwiftUI/UIViewControllerRepresentableContext/coordinator
    @MainActor @preconcurrency public let coordinator: Representable.Coordinator
    // doc?: /documentation/SwiftUI/UIViewControllerRepresentableContext/environment (its page is not in
    // the corpus; declared as its twin UIViewRepresentableContext/environment's page shows)
    @MainActor @preconcurrency public var environment: EnvironmentValues { fatalError() }
}

// doc?: /documentation/SwiftUI/UIViewControllerRepresentable (declaration as its twin UIViewRepresentable's page shows)
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    // doc?: /documentation/SwiftUI/UIViewControllerRepresentable/UIViewControllerType
    associatedtype UIViewControllerType: UIViewController
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/Coordinator
    associatedtype Coordinator = Void
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/Context
    typealias Context = UIViewControllerRepresentableContext<Self>
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/makeUIViewController(context:)
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/updateUIViewController(_:context:)
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/dismantleUIViewController(_:coordinator:)
    @MainActor @preconcurrency static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)
    // doc: /documentation/SwiftUI/UIViewControllerRepresentable/makeCoordinator()-9vwm8
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
extension UIViewControllerRepresentable {
    public static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator) {}
    public var body: Never { fatalError() }
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
extension UIViewControllerRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() -> Void {}
}
#endif

// doc?: /documentation/SwiftUI/ProposedViewSize
@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
@frozen public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
}
