// Text in UIKit: labels, fonts, and Dynamic Type (the text size the viewer chose).

// doc: /documentation/UIKit/UILabel/text (`UILabel`, a `UIView`; the class page is not in the corpus, its members' are)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UILabel: UIView {
    // doc: /documentation/UIKit/UILabel/text
    open var text: String? { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/font
    open var font: UIFont! { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/textColor
    open var textColor: UIColor! { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/numberOfLines ("To remove any maximum limit, and use as many lines as needed, set the value of this property to 0")
    open var numberOfLines: Int { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/textAlignment
    open var textAlignment: NSTextAlignment { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UIContentSizeCategoryAdjusting/adjustsFontForContentSizeCategory (UILabel adopts the protocol)
    @available(iOS 10.0, tvOS 10.0, *)
    open var adjustsFontForContentSizeCategory: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/adjustsFontSizeToFitWidth
    open var adjustsFontSizeToFitWidth: Bool { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/minimumScaleFactor
    @available(iOS 6.0, tvOS 9.0, *)
    open var minimumScaleFactor: CGFloat { get { fatalError() } set {} }
    // doc: /documentation/UIKit/UILabel/lineBreakMode
    open var lineBreakMode: NSLineBreakMode { get { fatalError() } set {} }
}

// doc?: /documentation/UIKit/NSLineBreakMode (`enum NSLineBreakMode: Int`, iOS 6, tvOS 9; the raw values of NSParagraphStyle.h)
@available(iOS 6.0, tvOS 9.0, *)
public enum NSLineBreakMode: Int, Sendable {
    // doc?: /documentation/UIKit/NSLineBreakMode/byWordWrapping
    case byWordWrapping = 0
    // doc: /documentation/UIKit/NSLineBreakMode/byTruncatingTail
    case byTruncatingTail = 4
}

// doc: /documentation/UIKit/NSTextAlignment/center (the enumeration's case the SDK uses; iOS 6.0, tvOS 9.0)
public enum NSTextAlignment: Int, Sendable {
    // doc: /documentation/UIKit/NSTextAlignment/center ("The value of this enumeration case is 1 for binaries built for the arm64 architecture")
    case center = 1
}

extension UIButton {
    // doc: /documentation/UIKit/UIButton/titleLabel
    @available(iOS 3.0, tvOS 9.0, *)
    public var titleLabel: UILabel? { fatalError() }
}

// doc: /documentation/UIKit/UIFont/preferredFont(forTextStyle:) (fonts are immutable: `UIFont` is Sendable, like UIColor)
@available(iOS 2.0, tvOS 9.0, *)
open class UIFont: NSObject, @unchecked Sendable {
    // doc: /documentation/UIKit/UIFont/preferredFont(forTextStyle:)
    @available(iOS 7.0, tvOS 9.0, *)
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError() }
    // doc: /documentation/UIKit/UIFont/withSize(_:)
    open func withSize(_ fontSize: CGFloat) -> UIFont { fatalError() }

    // doc: /documentation/UIKit/UIFont/TextStyle (named by the pages above; `.body` is the constant the SDK uses)
    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // doc: /documentation/UIKit/UIFont/TextStyle/body (linked from /documentation/UIKit/UIFontMetrics/init(forTextStyle:))
        public static let body = UIFont.TextStyle(rawValue: "UICTFontTextStyleBody")
    }
}

// doc: /documentation/UIKit/UIFontMetrics (`class UIFontMetrics`, iOS 11, tvOS 11)
@available(iOS 11.0, tvOS 11.0, *)
open class UIFontMetrics: NSObject, @unchecked Sendable {
    // doc: /documentation/UIKit/UIFontMetrics/init(forTextStyle:)
    public init(forTextStyle textStyle: UIFont.TextStyle) { fatalError() }
    // doc: /documentation/UIKit/UIFontMetrics/scaledValue(for:)
    open func scaledValue(for value: CGFloat) -> CGFloat { fatalError() }
}

// doc: /documentation/UIKit/UIContentSizeCategory (`struct UIContentSizeCategory`)
@available(iOS 7.0, tvOS 9.0, *)
public struct UIContentSizeCategory: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // doc: /documentation/UIKit/UIContentSizeCategory/didChangeNotification
    public static let didChangeNotification = NSNotification.Name("UIContentSizeCategoryDidChangeNotification")
}
