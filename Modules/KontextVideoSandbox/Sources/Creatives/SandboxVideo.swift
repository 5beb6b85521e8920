import Foundation

/// The video the sandbox serves for its linear ads at `/media/<adId>.mp4`: 15 s of a test
/// pattern (colour bars and a seconds counter) with a tone, H.264 Main and AAC in an MP4 whose
/// `moov` box comes first, so `AVPlayer` plays it on a device. Its one copy is this module's
/// resource `Resources/sandbox-ad.mp4`, made by `Scripts/make-sandbox-video` (its settings are
/// in `Tools/kontext_tools/sandbox_video.py`). The facts below are what every served VAST
/// document states; `SandboxVideoTests` parses the file and holds them to it.
enum SandboxVideo {
    /// The file's bytes; empty if the resource is missing from the build.
    static let data: Data = {
        guard let url = Bundle.module.url(forResource: "sandbox-ad", withExtension: "mp4") else { return Data() }
        return (try? Data(contentsOf: url)) ?? Data()
    }()

    /// Its `Content-Type`, and the VAST `<MediaFile type>`.
    static let contentType = "video/mp4"
    /// Its length in seconds (the movie header's duration); also the default ad `duration`.
    static let durationSeconds = 15
    /// The video track's size in pixels.
    static let width = 640
    /// The video track's size in pixels.
    static let height = 360

    /// The VAST `<MediaFile bitrate>`: the file's average, in kilobits per second.
    static var kilobitsPerSecond: Int {
        Int((Double(data.count) * 8 / Double(durationSeconds) / 1000).rounded())
    }
}
