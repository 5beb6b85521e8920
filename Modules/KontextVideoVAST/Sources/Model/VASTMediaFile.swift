import Foundation

/// `<MediaFile>`: one rendition of the linear video.
package struct VASTMediaFile: Sendable, Equatable, Encodable {
    /// The URL, trimmed.
    package var url: String
    /// The `id` attribute.
    package var id: String?
    /// `delivery`: `progressive` or `streaming`.
    package var delivery: String?
    /// The MIME `type`.
    package var type: String?
    /// Width in pixels.
    package var width: Int?
    /// Height in pixels.
    package var height: Int?
    /// `codec`.
    package var codec: String?
    /// Average `bitrate` in kbps.
    package var bitrate: Int?
    /// `minBitrate` in kbps.
    package var minBitrate: Int?
    /// `maxBitrate` in kbps.
    package var maxBitrate: Int?
    /// `scalable`.
    package var scalable: Bool?
    /// `maintainAspectRatio`.
    package var maintainAspectRatio: Bool?
    /// `apiFramework` (`VPAID` marks a script, not a video).
    package var apiFramework: String?
    /// `fileSize` in bytes (VAST 4.1).
    package var fileSize: Int?
    /// `mediaType` (VAST 4.1: `2D`, `3D`, `360`).
    package var mediaType: String?

    /// Creates a media file with only its URL.
    package init(url: String) {
        self.url = url
    }
}
