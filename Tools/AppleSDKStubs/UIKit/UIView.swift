// doc: /documentation/UIKit/UIView
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIView: UIResponder {
    // doc: /documentation/UIKit/UIView/init(frame:)
    public init(frame: CGRect) { fatalError() }
    // doc-missing: /documentation/UIKit/UIView/init(coder:) (no page in the corpus)
    public required init?(coder: NSCoder) { fatalError() }
    public convenience override init() { fatalError() }

    // doc: /documentation/UIKit/UIView/layerClass
    open class var layerClass: AnyClass { fatalError() }
    // doc: /documentation/UIKit/UIView/layer
    open var layer: CALayer { fatalError() }
    // doc: /documentation/UIKit/UIView/bounds
    open var bounds: CGRect { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/frame
    open var frame: CGRect { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/center
    open var center: CGPoint { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/safeAreaInsets
    @available(iOS 11.0, tvOS 11.0, *)
    open var safeAreaInsets: UIEdgeInsets { fatalError() }
    // doc: /documentation/UIKit/UIView/safeAreaInsetsDidChange()
    @available(iOS 11.0, tvOS 11.0, *)
    open func safeAreaInsetsDidChange() {}
    // doc: /documentation/UIKit/UIView/safeAreaLayoutGuide
    @available(iOS 11.0, tvOS 11.0, *)
    open var safeAreaLayoutGuide: UILayoutGuide { fatalError() }
    // doc: /documentation/UIKit/UIView/window
    open var window: UIWindow? { fatalError() }
    // doc: /documentation/UIKit/UIView/superview
    open var superview: UIView? { fatalError() }
    // doc: /documentation/UIKit/UIView/isHidden
    open var isHidden: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/semanticContentAttribute
    @available(iOS 9.0, tvOS 9.0, *)
    open var semanticContentAttribute: UISemanticContentAttribute { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/alpha
    open var alpha: CGFloat { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/isOpaque
    open var isOpaque: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/backgroundColor (its `@NSCopying` is left out: it needs a stored property)
    open var backgroundColor: UIColor? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/clipsToBounds
    open var clipsToBounds: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/isUserInteractionEnabled
    open var isUserInteractionEnabled: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/autoresizingMask-swift.property
    open var autoresizingMask: UIView.AutoresizingMask { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/translatesAutoresizingMaskIntoConstraints
    @available(iOS 6.0, tvOS 9.0, *)
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIView/addSubview(_:)
    open func addSubview(_ view: UIView) {}
    // doc: /documentation/UIKit/UIView/removeFromSuperview()
    open func removeFromSuperview() {}
    // doc: /documentation/UIKit/UIView/bringSubviewToFront(_:)
    open func bringSubviewToFront(_ view: UIView) {}
    // doc: /documentation/UIKit/UIView/layoutSubviews()
    open func layoutSubviews() {}
    // doc: /documentation/UIKit/UIView/hitTest(_:with:)
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { fatalError() }
    // doc: /documentation/UIKit/UIView/setNeedsLayout()
    open func setNeedsLayout() {}
    // doc: /documentation/UIKit/UIView/didMoveToWindow()
    open func didMoveToWindow() {}
    // doc: /documentation/UIKit/UIFocusEnvironment/preferredFocusEnvironments (UIView adopts UIFocusEnvironment)
    @available(iOS 9.0, tvOS 9.0, *)
    open var preferredFocusEnvironments: [any UIFocusEnvironment] { fatalError() }
    // doc: /documentation/UIKit/UIFocusEnvironment/setNeedsFocusUpdate()
    @available(iOS 9.0, tvOS 9.0, *)
    open func setNeedsFocusUpdate() {}
    // doc: /documentation/UIKit/UIFocusEnvironment/updateFocusIfNeeded()
    @available(iOS 9.0, tvOS 9.0, *)
    open func updateFocusIfNeeded() {}
    // doc: /documentation/UIKit/UIView/addGestureRecognizer(_:)
    @available(iOS 3.2, tvOS 9.0, *)
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}

    // doc: /documentation/UIKit/UIView/topAnchor
    @available(iOS 9.0, tvOS 9.0, *)
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    // doc-missing: /documentation/UIKit/UIView/bottomAnchor (no page in the corpus)
    @available(iOS 9.0, tvOS 9.0, *)
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
    // doc: /documentation/UIKit/UIView/leadingAnchor
    @available(iOS 9.0, tvOS 9.0, *)
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // doc: /documentation/UIKit/UIView/trailingAnchor
    @available(iOS 9.0, tvOS 9.0, *)
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // doc-missing: /documentation/UIKit/UIView/centerXAnchor (no page in the corpus)
    @available(iOS 9.0, tvOS 9.0, *)
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError() }
    // doc-missing: /documentation/UIKit/UIView/centerYAnchor (no page in the corpus)
    @available(iOS 9.0, tvOS 9.0, *)
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError() }
    // doc-missing: /documentation/UIKit/UIView/heightAnchor (no page in the corpus)
    @available(iOS 9.0, tvOS 9.0, *)
    open var heightAnchor: NSLayoutDimension { fatalError() }

    // doc: /documentation/UIKit/UIView/AutoresizingMask-swift.struct
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var flexibleWidth: UIView.AutoresizingMask { fatalError() }
        public static var flexibleHeight: UIView.AutoresizingMask { fatalError() }
    }
}

// doc: /documentation/UIKit/UIScrollView
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIScrollView: UIView {
    // doc: /documentation/UIKit/UIScrollView/isScrollEnabled
    open var isScrollEnabled: Bool { get { fatalError() } set {} }
}

// doc: /documentation/UIKit/NSLayoutConstraint
@available(iOS 6.0, tvOS 9.0, *)
@MainActor open class NSLayoutConstraint: NSObject {
    // doc: /documentation/UIKit/NSLayoutConstraint/activate(_:)
    @available(iOS 8.0, tvOS 9.0, *)
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    // doc: /documentation/UIKit/NSLayoutConstraint/isActive
    @available(iOS 8.0, tvOS 9.0, *)
    open var isActive: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/NSLayoutConstraint/constant
    open var constant: CGFloat { get { fatalError() } set {} }
}

// doc: /documentation/UIKit/NSLayoutAnchor
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    // doc: /documentation/UIKit/NSLayoutAnchor/constraint(equalTo:)
    @discardableResult open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
    // doc-missing: /documentation/UIKit/NSLayoutAnchor/constraint(equalTo:constant:) (no page in the corpus; AppKit's is)
    @discardableResult open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}
// doc: /documentation/UIKit/NSLayoutXAxisAnchor
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
// doc: /documentation/UIKit/NSLayoutYAxisAnchor
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}
// doc: /documentation/UIKit/NSLayoutDimension
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    // doc-missing: /documentation/UIKit/NSLayoutDimension/constraint(equalToConstant:) (no page in the corpus; AppKit's is)
    @discardableResult open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}

// doc: /documentation/UIKit/UIGestureRecognizer
@available(iOS 3.2, tvOS 9.0, *)
@MainActor open class UIGestureRecognizer: NSObject {
    // doc: /documentation/UIKit/UIGestureRecognizer/init(target:action:)
    public init(target: Any?, action: Selector?) { fatalError() }
    // doc: /documentation/UIKit/UIGestureRecognizer/isEnabled
    open var isEnabled: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIGestureRecognizer/state-swift.property (read-write for
    // subclasses only, through `UIKit.UIGestureRecognizerSubclass`; clients read it)
    @available(iOS 3.2, tvOS 9.0, *)
    open var state: UIGestureRecognizer.State { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIGestureRecognizer/delegate
    @available(iOS 3.2, tvOS 9.0, *)
    weak open var delegate: (any UIGestureRecognizerDelegate)? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIGestureRecognizer/allowedPressTypes ("The default press type is
    // select"; an empty array makes the recognizer "respond to taps like a touch pad like surface")
    @available(iOS 9.0, tvOS 9.0, visionOS 1.0, *)
    open var allowedPressTypes: [NSNumber] { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIGestureRecognizer/cancelsTouchesInView
    @available(iOS 3.2, tvOS 9.0, *)
    open var cancelsTouchesInView: Bool { get { fatalError() } set {} }

    // doc: /documentation/UIKit/UIGestureRecognizer/State-swift.enum (its page lists no versions)
    public enum State: Int, Sendable {
        // doc: /documentation/UIKit/UIGestureRecognizer/State-swift.enum/began
        case began = 1
        // doc: /documentation/UIKit/UIGestureRecognizer/State-swift.enum/ended
        case ended = 3
        // doc: /documentation/UIKit/UIGestureRecognizer/State-swift.enum/cancelled
        case cancelled = 4
        // doc: /documentation/UIKit/UIGestureRecognizer/State-swift.enum/failed
        case failed = 5
    }
}
// doc: /documentation/UIKit/UITapGestureRecognizer
@available(iOS 3.2, tvOS 9.0, *)
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {}
// doc: /documentation/UIKit/UILongPressGestureRecognizer
@available(iOS 3.2, tvOS 9.0, *)
@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
    // doc: /documentation/UIKit/UILongPressGestureRecognizer/minimumPressDuration
    open var minimumPressDuration: TimeInterval { get { fatalError() } set {} }
}

// doc-missing: /documentation/UIKit/UIGestureRecognizerDelegate (the corpus returned no page for the
// protocol itself; the `delegate` page and its members' pages link to it). Main-actor isolated, as
// UIKit's delegate protocols are; its requirements are optional, so they have defaults (see README).
@available(iOS 3.2, tvOS 9.0, *)
@MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    // doc: /documentation/UIKit/UIGestureRecognizerDelegate/gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}
@available(iOS 3.2, tvOS 9.0, *)
extension UIGestureRecognizerDelegate {
    // Default implementations stand for `optional`.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

// doc: /documentation/UIKit/UIContextMenuConfiguration
@available(iOS 13.0, tvOS 17.0, *)
@MainActor open class UIContextMenuConfiguration: NSObject {}

// doc: /documentation/UIKit/UILayoutGuide
@available(iOS 9.0, tvOS 9.0, *)
@MainActor open class UILayoutGuide: NSObject {
    // doc-missing: /documentation/UIKit/UILayoutGuide/bottomAnchor (the corpus has no page for
    // it; UILayoutGuide's page lists it, with UIKeyboardLayoutGuide's page linking to it)
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
}

// doc: /documentation/UIKit/UISemanticContentAttribute (`enum UISemanticContentAttribute`, iOS 9, tvOS 9)
@available(iOS 9.0, tvOS 9.0, *)
public enum UISemanticContentAttribute: Int, Sendable {
    // doc: /documentation/UIKit/UISemanticContentAttribute/unspecified
    case unspecified = 0
    // doc?: /documentation/UIKit/UISemanticContentAttribute/playback
    case playback = 1
    // doc?: /documentation/UIKit/UISemanticContentAttribute/spatial
    case spatial = 2
    // doc: /documentation/UIKit/UISemanticContentAttribute/forceLeftToRight
    case forceLeftToRight = 3
    // doc?: /documentation/UIKit/UISemanticContentAttribute/forceRightToLeft
    case forceRightToLeft = 4
}
