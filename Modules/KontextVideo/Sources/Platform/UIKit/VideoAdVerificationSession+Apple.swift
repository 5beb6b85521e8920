// The platform view type of a measurement session on iOS and tvOS: the `UIView` the Open
// Measurement SDK measures (`OMIDAdSession.mainAdView`, `addFriendlyObstruction(_:…)`).
#if canImport(UIKit)
import UIKit

extension VideoAdVerificationSession {
    /// The platform's view type: `UIView`, which the Open Measurement SDK measures (the same type
    /// as the creatives' `PlatformView`).
    public typealias View = UIView
}
#endif
