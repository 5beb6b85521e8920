// Stub of Apple's `QuartzCore` (Core Animation): the layer a `UIView` is backed by.
@_exported import Foundation

// doc: /documentation/QuartzCore/CALayer
@available(iOS 2.0, macOS 10.5, tvOS 9.0, *)
open class CALayer: NSObject {
    // doc: /documentation/QuartzCore/CALayer/init()
    public override init() { fatalError() }
    // doc: /documentation/QuartzCore/CALayer/frame
    open var frame: CGRect { get { fatalError() } set {} }
    // doc: /documentation/QuartzCore/CALayer/bounds
    open var bounds: CGRect { get { fatalError() } set {} }
    // doc: /documentation/QuartzCore/CALayer/isHidden
    open var isHidden: Bool { get { fatalError() } set {} }
}
