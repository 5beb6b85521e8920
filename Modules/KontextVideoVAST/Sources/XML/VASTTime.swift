import Foundation
import KontextVideoModels

/// How the engine reads VAST time strings (`<Duration>`, `skipoffset`, `offset`,
/// `minSuggestedDuration`). The sources disagree (see the corpus INDEX); this is our policy.
///
/// **Clock times** are `HH:MM:SS` or `HH:MM:SS.f…`:
/// - surrounding whitespace is trimmed (`" 00:00:02 "` is 2 s);
/// - hours are one to nine digits; minutes and seconds are exactly two digits each, 00–59
///   (`00:00:60` and `00:60:00` are refused); a time past a day is a day (`WireNumber.Kind.seconds`:
///   `100:00:00` is 86,400 s), so no offset or duration an ad states can overflow what is computed
///   from it;
/// - the fraction is one or more digits of decimal seconds (`00:00:05.80` is 5.8 s,
///   `00:01:30.123` is 90.123 s, `00:00:00.1` is 0.1 s, `00:00:00.1000` is 0.1 s);
/// - anything else (`00:30`, `30`, `00h01m`, `00:00:00.abc`, `00:00:00:30`) is refused.
///
/// A refused value is `nil`: a `<Duration>` that is missing, empty, `undefined` or refused
/// is treated as unknown (0 in `ResolvedLinearAd.duration`, and the tracker uses the
/// duration the player reports); a refused `skipoffset` makes the ad not skippable; a
/// `progress` event with a refused offset is kept in the model but never fires.
///
/// **Offsets** (`VASTOffset`) are a clock time, or a percentage `N%` / `N.N%` between 0 and 100
/// (`-1%`, `101%`, `abc%` are refused). For progress events, `start` means 0 s and `end` 100 %
/// (jonhoo/vast-vmap's fixtures use them).
package enum VASTTime {
    /// Seconds for a clock time, or `nil` when the text does not follow the policy.
    package static func seconds(_ text: String?) -> Double? {
        guard let text else { return nil }
        let trimmed = text.trimmedForVAST(newlines: true)
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        guard let hours = digits(parts[0], exactly: nil),
              let minutes = digits(parts[1], exactly: 2), minutes < 60 else { return nil }
        let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard secondParts.count <= 2,
              let seconds = digits(secondParts[0], exactly: 2), seconds < 60 else { return nil }
        var fraction = 0.0
        if secondParts.count == 2 {
            let fractionText = secondParts[1]
            guard !fractionText.isEmpty, digits(fractionText, exactly: nil) != nil,
                  let value = Double("0." + fractionText) else { return nil }
            fraction = value
        }
        return WireNumber.clamped(Double(hours) * 3600 + Double(minutes) * 60 + Double(seconds) + fraction, .seconds)
    }

    /// Formats seconds as `HH:MM:SS.mmm`, the form VAST macros such as `[ADPLAYHEAD]` use. The
    /// seconds come from players (a custom one may report anything): non-finite or negative is 0,
    /// and anything past a billion seconds is a billion, so the conversion never traps.
    package static func format(_ seconds: Double) -> String {
        let bounded = min(max(0, seconds.isFinite ? seconds : 0), 1e9)
        let totalMilliseconds = Int((bounded * 1000).rounded())
        let hours = totalMilliseconds / 3_600_000
        let minutes = totalMilliseconds / 60_000 % 60
        let wholeSeconds = totalMilliseconds / 1000 % 60
        let milliseconds = totalMilliseconds % 1000
        return String(format: "%02d:%02d:%02d.%03d", hours, minutes, wholeSeconds, milliseconds)
    }

    private static func digits(_ text: Substring, exactly count: Int?) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if let count, text.utf8.count != count { return nil }
        guard text.utf8.count <= 9 else { return nil }
        return Int(text)
    }
}
