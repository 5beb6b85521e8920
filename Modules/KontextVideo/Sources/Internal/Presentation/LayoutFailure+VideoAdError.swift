import KontextVideoPresentation

extension LayoutFailure {
    /// The public error `show(in:insets:)` throws when the layout cannot place the ad.
    var videoAdError: VideoAdError {
        switch self {
        case .presenterUnavailable: .presenterUnavailable
        case .containerTooSmall(let minimum): .containerTooSmall(minimum: minimum)
        }
    }
}
