import Foundation

/// The captions and AdChoices icon of an ad with `SandboxAd.captionsAndIcon`: a WebVTT file for
/// the 15-second sandbox video (served at `/captions/<adId>.vtt`) and a 20 × 20 icon image
/// (`/icons/<adId>.png`).
public enum SandboxCaptions {
    /// The cues, in order: start and end in seconds, and the text a viewer reads.
    public static let cues: [(start: Double, end: Double, text: String)] = [
        (0, 2.5, "Kontext sandbox ad."),
        (2.5, 5, "Skip appears at five seconds."),
        (5, 10, "Colour bars & a 1 kHz tone."),
        (10, 15, "Thanks for watching."),
    ]

    /// The caption a viewer reads at `seconds` of the ad, or `nil` (cues are half-open).
    /// - Parameter seconds: The ad's playhead.
    /// - Returns: The cue's text.
    public static func text(at seconds: Double) -> String? {
        cues.first { $0.start <= seconds && seconds < $0.end }?.text
    }

    /// The WebVTT file: a header, a NOTE, one cue with an identifier and settings, the text with
    /// a voice tag and a character reference, as real caption files carry them.
    static let webVTT: Data = {
        func time(_ seconds: Double) -> String {
            let milliseconds = Int((seconds * 1000).rounded())
            return String(format: "%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1000 % 60, milliseconds % 1000)
        }
        var text = "WEBVTT - Kontext sandbox captions\n\nNOTE The SDK reads cue settings past and draws captions above its controls.\n\n"
        for (number, cue) in cues.enumerated() {
            let body = cue.text.replacingOccurrences(of: "&", with: "&amp;")
            text += "cue-\(number + 1)\n\(time(cue.start)) --> \(time(cue.end)) align:center line:90%\n<v Narrator>\(body)</v>\n\n"
        }
        return Data(text.utf8)
    }()

    /// The WebVTT media type.
    static let contentType = "text/vtt; charset=utf-8"
}
