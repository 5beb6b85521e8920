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
}
