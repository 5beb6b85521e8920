import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("WireTimestamp")
struct WireTimestampTests {
    @Test("ISO-8601 UTC with milliseconds", arguments: [
        (1_795_968_144.123, "2026-11-29T16:02:24.123Z"),
        (0, "1970-01-01T00:00:00.000Z"),
        (1_795_968_144.9996, "2026-11-29T16:02:25.000Z"),
        (951_782_400.5, "2000-02-29T00:00:00.500Z"),
    ])
    func format(seconds: Double, expected: String) {
        #expect(WireTimestamp.string(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("the arithmetic agrees with Foundation's calendar, leap years and centuries included")
    func agreesWithTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        // Every 37 hours and a bit from 1899 to 2101: every month, leap day and century boundary.
        var seconds: Double = -2_240_524_800
        while seconds < 4_133_980_800 {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z",
                                  parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
            #expect(WireTimestamp.string(from: date) == expected)
            seconds += 133_337
        }
    }

    @Test("dates far outside a device's clock are clamped, never a crash")
    func absurdDates() {
        #expect(WireTimestamp.string(from: .distantFuture) == "4001-01-01T00:00:00.000Z")
        #expect(WireTimestamp.string(from: Date(timeIntervalSince1970: 1e20)) == "9999-12-31T23:59:59.000Z")
        #expect(WireTimestamp.string(from: Date(timeIntervalSince1970: -1e20)) == "0001-01-01T00:00:00.000Z")
    }
}
