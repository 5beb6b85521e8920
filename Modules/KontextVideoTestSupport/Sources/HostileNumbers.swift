import Foundation
/// Extreme numbers for the tests of issue 32 (nothing an ad sends can crash the app), shared by
/// the VAST engine's tests and the facade's, which drive the same documents through `load()`
/// and `show()`.
package enum HostileNumbers {
    /// The values the issue names: `Int.max`, `Int.min`, 2³², 2⁶³, −1, 0, 1e308 and a 400-digit number.
    package static let extremes = [
        "9223372036854775807", "-9223372036854775808", "4294967296", "9223372036854775808", "-1", "0", "1e308",
        String(repeating: "9", count: 400),
    ]

    /// Each numeric field of a document, as a placeholder in a template.
    package static let vastFields = [
        "MEDIA_WIDTH", "MEDIA_HEIGHT", "MEDIA_BITRATE", "MEDIA_MIN_BITRATE", "MEDIA_MAX_BITRATE", "MEDIA_FILE_SIZE",
        "AD_SEQUENCE", "CREATIVE_SEQUENCE", "EXPIRES", "COMPANION_WIDTH", "COMPANION_HEIGHT", "ASSET_WIDTH",
        "ICON_WIDTH", "ICON_HEIGHT", "NONLINEAR_WIDTH", "DURATION_HOURS", "SKIP_HOURS", "PROGRESS_HOURS", "PROGRESS_PERCENT",
    ]

    /// A wrapper-free inline ad with every numeric field VAST has, each a placeholder.
    package static let vastTemplate = """
    <VAST version="4.2"><Ad id="a" sequence="AD_SEQUENCE"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
    <Impression>https://t.example/imp</Impression><Expires>EXPIRES</Expires>
    <Creatives><Creative id="c" sequence="CREATIVE_SEQUENCE"><Linear skipoffset="SKIP_HOURS:00:05">
    <Duration>DURATION_HOURS:00:20</Duration>
    <TrackingEvents><Tracking event="progress" offset="PROGRESS_HOURS:00:03">https://t.example/p1</Tracking>
    <Tracking event="progress" offset="PROGRESS_PERCENT%">https://t.example/p2</Tracking>
    <Tracking event="firstQuartile">https://t.example/q1</Tracking><Tracking event="complete">https://t.example/c</Tracking></TrackingEvents>
    <MediaFiles>
    <MediaFile delivery="progressive" type="video/mp4" width="MEDIA_WIDTH" height="MEDIA_HEIGHT" bitrate="MEDIA_BITRATE"
     minBitrate="MEDIA_MIN_BITRATE" maxBitrate="MEDIA_MAX_BITRATE" fileSize="MEDIA_FILE_SIZE">https://cdn.example/big.mp4</MediaFile>
    <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="1200">https://cdn.example/hd.mp4</MediaFile>
    </MediaFiles>
    <Icons><Icon program="AdChoices" width="ICON_WIDTH" height="ICON_HEIGHT" xPosition="right" yPosition="top">
    <StaticResource creativeType="image/png">https://t.example/i.png</StaticResource></Icon></Icons>
    </Linear></Creative>
    <Creative><CompanionAds><Companion width="COMPANION_WIDTH" height="COMPANION_HEIGHT" assetWidth="ASSET_WIDTH">
    <StaticResource creativeType="image/png">https://t.example/e.png</StaticResource></Companion></CompanionAds></Creative>
    <Creative><NonLinearAds><NonLinear width="NONLINEAR_WIDTH" height="50"><StaticResource creativeType="image/png">https://t.example/n.png</StaticResource></NonLinear></NonLinearAds></Creative>
    </Creatives></InLine></Ad></VAST>
    """

    /// The document with `field` set to `value` and every other field a plain value.
    package static func vastDocument(_ field: String, _ value: String) -> String {
        var text = vastTemplate
        for other in vastFields.sorted(by: { $0.count > $1.count }) {
            let plain = other.hasSuffix("HOURS") ? "00" : other == "PROGRESS_PERCENT" ? "50" : "320"
            text = text.replacingOccurrences(of: other, with: other == field ? value : plain)
        }
        return text
    }

}
