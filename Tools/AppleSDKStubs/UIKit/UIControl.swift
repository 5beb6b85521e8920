// doc: /documentation/UIKit/UIControl
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIControl: UIView {
    // doc: /documentation/UIKit/UIControl/isEnabled
    open var isEnabled: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIControl/addAction(_:for:)
    @available(iOS 14.0, tvOS 14.0, *)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}

    // doc: /documentation/UIKit/UIControl/Event
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        @available(iOS 9.0, tvOS 9.0, *)
        public static var primaryActionTriggered: UIControl.Event { fatalError() }
    }
    // doc: /documentation/UIKit/UIControl/State-swift.struct
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var normal: UIControl.State { fatalError() }
        public static var disabled: UIControl.State { fatalError() }
    }
}

// doc: /documentation/UIKit/UIButton
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIButton: UIControl {
    // doc: /documentation/UIKit/UIButton/init(type:)
    public convenience init(type buttonType: UIButton.ButtonType) { fatalError() }
    // doc: /documentation/UIKit/UIButton/init(type:primaryAction:)
    @available(iOS 14.0, tvOS 14.0, *)
    @MainActor @preconcurrency public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { fatalError() }
    // doc: /documentation/UIKit/UIButton/init(frame:primaryAction:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(frame: CGRect, primaryAction: UIAction?) { fatalError() }
    // doc: /documentation/UIKit/UIButton/setTitle(_:for:)
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    // doc: /documentation/UIKit/UIButton/setImage(_:for:) ("At a minimum, always set an image for the normal state")
    @available(iOS 2.0, tvOS 9.0, *)
    open func setImage(_ image: UIImage?, for state: UIControl.State) {}

    // doc: /documentation/UIKit/UIButton/ButtonType-swift.enum
    public enum ButtonType: Int, Sendable {
        case custom = 0
        @available(iOS 7.0, tvOS 9.0, *)
        case system = 1
        // doc: /documentation/UIKit/UIButton/ButtonType-swift.enum/close (iOS 13.0, visionOS 1.0; its page lists no tvOS)
        @available(iOS 13.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        case close = 7
    }
}

// doc: /documentation/UIKit/UIMenuElement
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIMenuElement: NSObject {
    // doc-missing: UIMenuElement.title (no page in the corpus; the UIMenuElement page lists it)
    open var title: String { fatalError() }
    // doc: /documentation/UIKit/UIMenuElement/Attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var disabled: UIMenuElement.Attributes { fatalError() }
        public static var hidden: UIMenuElement.Attributes { fatalError() }
    }
    // doc: /documentation/UIKit/UIMenuElement/State
    public enum State: Int, Sendable {
        case off = 0
        case on = 1
    }
}

// doc: /documentation/UIKit/UIActionHandler
public typealias UIActionHandler = (UIAction) -> Void

// doc: /documentation/UIKit/UIAction
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIAction: UIMenuElement {
    // doc: /documentation/UIKit/UIAction/init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)
    @available(iOS 13.0, tvOS 14.0, *)
    @MainActor @preconcurrency public convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) { fatalError() }

    // doc: /documentation/UIKit/UIAction/Identifier-swift.struct
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}
