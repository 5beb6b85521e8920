import Foundation
import KontextVideoVAST

/// Every way a platform renderer can fail, and the VAST error code each one reports. The
/// renderers name what happened; the code is decided here, once, for every platform.
package enum CreativeFailure: Sendable, Equatable, CaseIterable {
    /// The page or image of an overlay or pause ad has no fetchable URL, or did not load.
    case pageDidNotLoad
    /// A page or image that had loaded broke on screen (its web content died, a navigation failed).
    case pageFailedOnScreen
    /// The chosen media file's URL is not one the player can open.
    case mediaURLUnusable
    /// The player could not load the media file before the ad was ready.
    case mediaDidNotLoad
    /// The media failed, or stalled, while the ad was on screen.
    case playbackFailedOnScreen
    /// This platform has no renderer for the creative.
    case platformCannotRender

    /// The VAST error code reported for the failure.
    package var code: VASTErrorCode {
        switch self {
        case .pageDidNotLoad: .nonLinearFetchFailed
        case .pageFailedOnScreen: .mediaDisplay
        case .mediaURLUnusable: .noSupportedMedia
        case .mediaDidNotLoad: .mediaFileNotFound
        case .playbackFailedOnScreen: .mediaDisplay
        case .platformCannotRender: .undefined
        }
    }

    /// The failure as the error `load()` throws.
    package var loadError: CreativeLoadError {
        CreativeLoadError(code: code)
    }

    /// The failure as the event of a creative on screen.
    package var event: CreativeEvent {
        .failed(code: code)
    }
}
