import KontextVideoModels
import KontextVideoVAST

extension VerificationMoment {
    /// The moment a creative's event is for measurement, for an ad of `format`; `nil` for the
    /// events measurement has no use for: the end card appearing, the ✕, a pause ad's Resume (the
    /// end of the ad they cause arrives as `.ended`), and `mute`/`unmute`, which the linear playback
    /// session derives from the device's output volume: the OM SDK measures that one itself and
    /// wants "only … creative volume changes" (its iOS guide, Volume events). A creative's failure
    /// is a media error for a video and a generic one for a display ad.
    package init?(_ event: CreativeEvent, format: AdFormat) {
        switch event {
        case .firstFrame: self = .firstFrame
        case .progress(let position): self = .progress(position)
        case .mediaLength(let length): self = .mediaLength(length)
        case .click: self = .click
        case .complete: self = .complete
        case .skip: self = .skip
        case .pause: self = .pause
        case .resumePlayback: self = .resume
        case .bufferStart: self = .bufferStart
        case .bufferFinish: self = .bufferFinish
        case .failed(let code):
            self = .failed(format == .linear ? .media : .generic, message: "The creative failed with VAST error \(code.rawValue).")
        case .endCardShown, .close, .resume, .mute, .unmute, .iconShown, .iconClick: return nil
        }
    }
}
