import Foundation

/// Timestamps on the wire: ISO-8601 in UTC with milliseconds, `2026-11-29T16:02:24.123Z`.
package enum WireTimestamp {
    /// The wire form of `date`, rounded to the millisecond. Pure arithmetic (Howard Hinnant's
    /// civil-from-days), no `Calendar`: every event is stamped on the caller's thread, often the
    /// main actor, so this must cost next to nothing.
    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        // Dates outside years 0001–9999 do not occur on a device; clamp rather than trap.
        let milliseconds = Int64((min(max(seconds, -62_135_596_800), 253_402_300_799) * 1000).rounded())
        let (wholeSeconds, millis) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(wholeSeconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        // Written digit by digit into the string's own 24 bytes: its one allocation.
        return String(unsafeUninitializedCapacity: 24) { bytes in
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    bytes[index] = 0x30 + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0); bytes[4] = 0x2D
            put(month, 2, at: 5); bytes[7] = 0x2D
            put(day, 2, at: 8); bytes[10] = 0x54
            put(secondOfDay / 3600, 2, at: 11); bytes[13] = 0x3A
            put(secondOfDay / 60 % 60, 2, at: 14); bytes[16] = 0x3A
            put(secondOfDay % 60, 2, at: 17); bytes[19] = 0x2E
            put(millis, 3, at: 20); bytes[23] = 0x5A
            return 24
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }

    /// The proleptic Gregorian date of `days` since 1970-01-01.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
