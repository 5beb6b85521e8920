import Foundation

/// The inspection's dates, to the millisecond: stamped that way, and written and read as ISO 8601
/// in UTC (`2026-01-31T09:41:07.250Z`), so a date read back from the JSON is the date written.
enum MillisecondDate {
    /// `date` rounded to the millisecond.
    static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// `date` as ISO 8601 in UTC with milliseconds.
    static func text(_ date: Date) -> String {
        let total = milliseconds(date)
        let (seconds, fraction) = (total.floorDivided(by: 1000), total.floorModulo(1000))
        let whole = wholeSeconds.format(Date(timeIntervalSince1970: Double(seconds)))
        return whole.dropLast() + String(format: ".%03d", fraction) + "Z"
    }

    /// The date `text` writes, or `nil` when it is not one.
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: ".", maxSplits: 1)
        let fraction = parts.count == 2 ? Int64(parts[1].dropLast()) : 0
        guard let fraction, let whole = try? wholeSeconds.parse(parts.count == 2 ? parts[0] + "Z" : text) else { return nil }
        return Date(timeIntervalSince1970: Double(Int64(whole.timeIntervalSince1970) * 1000 + fraction) / 1000)
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

extension Int64 {
    /// The quotient rounded down (toward negative infinity).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of `floorDivided(by:)`, from 0 up to `divisor`.
    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        self - floorDivided(by: divisor) * divisor
    }
}
