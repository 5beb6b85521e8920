// Stub of Apple's `UIKit` (iOS and tvOS). Like the real module it re-exports Foundation,
// CoreGraphics and QuartzCore. Every class here is `@MainActor`, as UIKit's are.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import ObjectiveC

// doc: /documentation/UIKit/UIResponder
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIResponder: NSObject {
    public override init() { fatalError() }
    // doc: /documentation/UIKit/UIResponder/next
    open var next: UIResponder? { fatalError() }
    // doc: /documentation/UIKit/UIResponder/pressesBegan(_:with:) ("The default implementation of this method forwards the message up the responder chain")
    @available(iOS 9.0, tvOS 9.0, *)
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    // doc: /documentation/UIKit/UIResponder/pressesEnded(_:with:)
    @available(iOS 9.0, tvOS 9.0, *)
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
}

// doc: /documentation/UIKit/UIEdgeInsets
@available(iOS 2.0, tvOS 9.0, *)
public struct UIEdgeInsets: Hashable, Sendable {
    // doc-missing: /documentation/UIKit/UIEdgeInsets/top (no page in the corpus)
    public var top: CGFloat
    // doc: /documentation/UIKit/UIEdgeInsets/left
    public var left: CGFloat
    // doc: /documentation/UIKit/UIEdgeInsets/bottom
    public var bottom: CGFloat
    // doc: /documentation/UIKit/UIEdgeInsets/right
    public var right: CGFloat
    public init() { fatalError() }
    // doc: /documentation/UIKit/UIEdgeInsets/init(top:left:bottom:right:)-1s1t9
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { fatalError() }
    // doc: /documentation/UIKit/UIEdgeInsets/zero
    public static let zero = UIEdgeInsets()
}

// doc: /documentation/UIKit/UIColor
@available(iOS 2.0, tvOS 9.0, *)
open class UIColor: NSObject, @unchecked Sendable {
    // doc: /documentation/UIKit/UIColor/init(white:alpha:)
    public init(white: CGFloat, alpha: CGFloat) { fatalError() }
    // doc: /documentation/UIKit/UIColor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    // doc: /documentation/UIKit/UIColor/black
    open class var black: UIColor { fatalError() }
    // doc-missing: /documentation/UIKit/UIColor/white (no page in the corpus)
    open class var white: UIColor { fatalError() }
    // doc: /documentation/UIKit/UIColor/clear
    open class var clear: UIColor { fatalError() }
}

// doc: /documentation/UIKit/UIImage
@available(iOS 2.0, tvOS 9.0, *)
open class UIImage: NSObject, @unchecked Sendable {
    // doc: /documentation/UIKit/UIImage/init(systemName:)
    @available(iOS 13.0, tvOS 13.0, *)
    public convenience init?(systemName name: String) { fatalError() }
}
