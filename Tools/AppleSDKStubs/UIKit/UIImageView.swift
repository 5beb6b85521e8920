// An image on screen: `UIImageView`, `UIImage(data:)` and how a view fits its content.

// doc: /documentation/UIKit/UIImageView/init(image:) (`UIImageView`, a `UIView`; the class page is not in the corpus)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIImageView: UIView {
    // doc: /documentation/UIKit/UIImageView/init(image:) ("This method disables user interactions for the image view")
    public init(image: UIImage?) { fatalError() }
    public override init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    // doc?: /documentation/UIKit/UIImageView/image
    open var image: UIImage? { get { fatalError() } set {} }
}

extension UIImage {
    // doc: /documentation/UIKit/UIImage/init(data:)
    @available(iOS 2.0, tvOS 9.0, *)
    public convenience init?(data: Data) { fatalError() }
}

extension UIView {
    // doc: /documentation/UIKit/UIView/ContentMode-swift.enum
    public enum ContentMode: Int, Sendable {
        // doc: /documentation/UIKit/UIView/ContentMode-swift.enum/scaleAspectFit
        case scaleAspectFit = 1
    }
    // doc?: /documentation/UIKit/UIView/contentMode-swift.property
    public var contentMode: UIView.ContentMode { get { fatalError() } set {} }
}
