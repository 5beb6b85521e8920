import KontextVideoModels

/// A control the SDK draws over a creative (Skip, ✕, the Ad badge): a view that Open
/// Measurement must leave out of its viewability measurement, and why it is there.
package struct CreativeControlObstruction {
    /// The control's view (a `UIView` where UIKit exists).
    package var view: PlatformView
    /// Why it covers the ad.
    package var purpose: VideoAdFriendlyObstructionPurpose
    /// A short reason for the vendors: at most 50 letters, digits and spaces (the OM SDK's limit).
    package var detailedReason: String?

    /// Creates an obstruction.
    package init(view: PlatformView, purpose: VideoAdFriendlyObstructionPurpose, detailedReason: String? = nil) {
        self.view = view
        self.purpose = purpose
        self.detailedReason = detailedReason
    }
}

/// A renderer that draws controls of the SDK's own over its creative reports them, so the ad's
/// measurement session can hand them to the verification provider as friendly obstructions.
/// Renderers without controls (the headless ones) do not adopt it: an ad then has none.
@MainActor
package protocol FriendlyObstructionReporting: AnyObject {
    /// The controls drawn over the creative now.
    var friendlyObstructions: [CreativeControlObstruction] { get }
    /// Called when a control appeared or went away (Skip at its offset); set by the facade.
    var onFriendlyObstructionsChanged: (@MainActor () -> Void)? { get set }
}
