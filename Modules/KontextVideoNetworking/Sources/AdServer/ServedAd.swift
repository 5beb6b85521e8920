import Foundation
import KontextVideoModels

/// An ad as the server served it.
package struct ServedAd: Sendable, Hashable {
    /// The server's id of the ad.
    package var id: String
    /// The ad's format.
    package var format: AdFormat
    /// The price, as CPM.
    package var price: VideoAdPrice
    /// Overlay: how long it stays (`nil`: until ended). Linear: the video's length. Pause: always `nil`.
    package var duration: TimeInterval?
    /// How long after the answer arrived the ad stays valid (30 minutes when the server is silent).
    package var expiresIn: Duration
    /// What to render.
    package var creative: ServedCreative

    /// Creates a served ad.
    package init(
        id: String,
        format: AdFormat,
        price: VideoAdPrice,
        duration: TimeInterval?,
        expiresIn: Duration,
        creative: ServedCreative
    ) {
        self.id = id
        self.format = format
        self.price = price
        self.duration = duration
        self.expiresIn = expiresIn
        self.creative = creative
    }
}
