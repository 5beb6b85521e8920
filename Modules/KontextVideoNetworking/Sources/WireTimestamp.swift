import Foundation

/// Timestamps on the wire: ISO-8601 UTC with milliseconds, `2026-11-29T16:02:24.123Z`.
package enum WireTimestamp {
    /// Formats `date`, rounded to the nearest millisecond.
    package static func string(from date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let wholeSeconds = (milliseconds / 1000).rounded(.down)
        let millis = Int(milliseconds - wholeSeconds * 1000)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: wholeSeconds)
        )
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
            parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, millis
        )
    }
}
