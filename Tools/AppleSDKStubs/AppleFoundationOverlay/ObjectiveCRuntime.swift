// The Objective-C runtime's messaging that Apple's Foundation has and swift-corelibs-foundation
// lacks: enough to reach a class's method by name at run time (the SDK reaches
// `UIApplication.sharedApplication` that way; see `HostApplication+Apple.swift`).
import Foundation
import ObjectiveC

// doc?: /documentation/Foundation/NSSelectorFromString(_:) (declared as Apple's SDK has it; the page
// was not re-read)
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { fatalError() }

// `NSObjectProtocol`'s instance methods, which Swift also imports as class methods of `NSObject`
// and its subclasses (the class object of a root class answers its instance methods), as
// `UIApplication.responds(to:)` and `UIApplication.perform(_:)` are written.
extension NSObject {
    // doc: /documentation/ObjectiveC/NSObjectProtocol/responds(to:)
    @available(iOS 1.0, macOS 10.0, tvOS 1.0, visionOS 1.0, *)
    public class func responds(to aSelector: Selector!) -> Bool { fatalError() }
    // doc: /documentation/ObjectiveC/NSObjectProtocol/perform(_:)
    @available(iOS 1.0, macOS 10.0, tvOS 1.0, visionOS 1.0, *)
    @discardableResult
    public class func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! { fatalError() }
}
