// The platform view type of a measurement session on iOS and tvOS: the `UIView` the Open
// Measurement SDK measures (`OMIDAdSession.mainAdView`, `addFriendlyObstruction(_:…)`).
#if canImport(UIKit)
import UIKit

extension VideoAdVerificationSession {
    /// The platform's view type: `UIView`, which the Open Measurement SDK measures.
    public typealias View = UIView

    /// `object` as a `UIView`, or `nil`.
    static func platformView(_ object: AnyObject?) -> View? {
        object as? UIView
    }
}
#endif
