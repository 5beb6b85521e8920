import KontextVideoNetworking
import KontextVideoModels

extension ServedAd {
    /// A full-screen pause ad: the only creative with Resume beside its ✕ (`CreativeControlsLayout`).
    package var isFullScreenPause: Bool {
        format == .pause && creative.fullScreen
    }
}
