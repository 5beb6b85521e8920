import Foundation
import KontextVideoModels

/// What the playing device can take: the MIME types its player plays, its screen in pixels,
/// and its connection. `MediaFileSelector` picks a `<MediaFile>` against it.
package struct DeviceProfile: Sendable, Equatable, Encodable {
    /// MIME types the platform plays, lower-cased without parameters (`video/mp4`).
    package var supportedMIMETypes: Set<String>
    /// Screen width in pixels, kept within `WireNumber.Kind.pixels`.
    package var screenWidth: Int { didSet { screenWidth = Self.pixels(screenWidth) } }
    /// Screen height in pixels, kept within `WireNumber.Kind.pixels`.
    package var screenHeight: Int { didSet { screenHeight = Self.pixels(screenHeight) } }
    /// Whether the device is on a cellular connection (caps bitrate at 1,500 kbps when no estimate is known).
    package var isOnCellular: Bool
    /// The estimated bandwidth in kbps, if known, kept within `WireNumber.Kind.kilobitsPerSecond`.
    package var estimatedBandwidthKbps: Int? { didSet { estimatedBandwidthKbps = estimatedBandwidthKbps.map(Self.kilobitsPerSecond) } }

    /// Creates a profile.
    package init(
        supportedMIMETypes: Set<String> = DeviceProfile.applePlatformMIMETypes,
        screenWidth: Int,
        screenHeight: Int,
        isOnCellular: Bool = false,
        estimatedBandwidthKbps: Int? = nil
    ) {
        self.supportedMIMETypes = Set(supportedMIMETypes.map { $0.lowercased() })
        // The device's numbers are bounded like the document's: a screen past `WireNumber`'s
        // pixel range is that range's edge, a negative one is 0.
        self.screenWidth = Self.pixels(screenWidth)
        self.screenHeight = Self.pixels(screenHeight)
        self.isOnCellular = isOnCellular
        self.estimatedBandwidthKbps = estimatedBandwidthKbps.map(Self.kilobitsPerSecond)
    }

    private static func pixels(_ value: Int) -> Int {
        WireNumber.saturatingInt(WireNumber.clamped(Double(value), .pixels) ?? 0)
    }

    private static func kilobitsPerSecond(_ value: Int) -> Int {
        WireNumber.saturatingInt(WireNumber.clamped(Double(value), .kilobitsPerSecond) ?? 0)
    }

    /// What AVFoundation plays: MP4/M4V/QuickTime/3GPP progressive files and HLS.
    package static let applePlatformMIMETypes: Set<String> = [
        "video/mp4", "video/x-m4v", "video/quicktime", "video/3gpp",
        "application/vnd.apple.mpegurl", "application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl",
    ]

    private enum CodingKeys: String, CodingKey {
        case supportedMIMETypes, screenWidth, screenHeight, isOnCellular, estimatedBandwidthKbps
    }

    /// Encodes the MIME types sorted, so the tool's JSON is stable.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(supportedMIMETypes.sorted(), forKey: .supportedMIMETypes)
        try container.encode(screenWidth, forKey: .screenWidth)
        try container.encode(screenHeight, forKey: .screenHeight)
        try container.encode(isOnCellular, forKey: .isOnCellular)
        try container.encodeIfPresent(estimatedBandwidthKbps, forKey: .estimatedBandwidthKbps)
    }

    /// A 1920×1080 screen on Wi-Fi with the Apple MIME types (the `kontext-vast` tool's default).
    package static let standard = DeviceProfile(screenWidth: 1920, screenHeight: 1080)
}
