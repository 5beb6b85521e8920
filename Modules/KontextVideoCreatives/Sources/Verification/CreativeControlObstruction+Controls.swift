import KontextVideoModels
import KontextVideoPresentation

extension LinearAdControl {
    /// Why the control covers the video, for Open Measurement: Skip (and its countdown) and
    /// Resume are media controls, ✕ closes the ad, the "Ad" badge is another purpose.
    package var obstructionPurpose: VideoAdFriendlyObstructionPurpose {
        switch self {
        case .skip, .resume: .mediaControls
        case .close: .closeAd
        case .adBadge: .other
        }
    }

    /// A short reason for the vendors, within the OM SDK's limit (50 letters, digits or spaces).
    package var obstructionReason: String {
        switch self {
        case .skip: "Skip button"
        case .resume: "Resume button"
        case .close: "Close button"
        case .adBadge: "Ad badge"
        }
    }
}

extension CreativeControlObstruction {
    /// A linear ad's control drawn in `view`.
    package init(_ control: LinearAdControl, view: PlatformView) {
        self.init(view: view, purpose: control.obstructionPurpose, detailedReason: control.obstructionReason)
    }

    /// The ✕ of an overlay or pause ad.
    package static func close(_ view: PlatformView) -> CreativeControlObstruction {
        CreativeControlObstruction(.close, view: view)
    }

    /// The Resume of a full-screen pause ad: it ends the ad, so it closes it.
    package static func pauseAdResume(_ view: PlatformView) -> CreativeControlObstruction {
        CreativeControlObstruction(view: view, purpose: .closeAd, detailedReason: "Resume button")
    }

    /// The layer over a linear ad's video that holds its captions and industry icons: transparent
    /// but for them, and as large as the video, so a measurement SDK would count it as covering
    /// the whole ad. Google's Open Measurement guide for IMA asks that friendly obstructions be
    /// "fully transparent overlays or small buttons related to video playback actions"
    /// (developers.google.com/interactive-media-ads/docs/sdks/ios/client-side/omsdk).
    package static func captionsAndIcons(_ view: PlatformView) -> CreativeControlObstruction {
        CreativeControlObstruction(view: view, purpose: .other, detailedReason: "Captions and industry icons")
    }
}
