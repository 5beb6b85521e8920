import Testing
@testable import KontextVideoVAST

@Suite("VASTTime policy")
struct VASTTimeTests {
    @Test(arguments: [
        ("00:00:16", 16.0), (" 00:00:02 ", 2.0), ("00:01:30.123", 90.123), ("00:00:05.80", 5.8),
        ("01:01:01", 3661.0), ("02:02:02", 7322.0), ("09:15:23", 33323.0), ("00:00:00", 0.0),
        ("00:00:00.1", 0.1), ("00:00:00.1000", 0.1), ("100:00:00", 86_400.0), ("999999999:59:59.999", 86_400.0), ("24:00:00", 86_400.0), ("\n00:00:30\n", 30.0),
    ])
    func acceptedClockTimes(_ text: String, _ seconds: Double) {
        let value = VASTTime.seconds(text)
        #expect(value != nil)
        #expect(abs((value ?? -1) - seconds) < 1e-9)
    }

    @Test(arguments: [
        "", "undefined", "00:00:60", "00:60:00", "00h01m", "00:00:00.abc", "00:30", ":30", "30", "00:00:00:30",
        "0:0:5", "00:00:05.", "-00:00:05", "00:00:5", "aa:bb:cc",
    ])
    func refusedClockTimes(_ text: String) {
        #expect(VASTTime.seconds(text) == nil)
    }

    @Test(arguments: [
        ("0%", VASTOffset.percent(0)), ("10%", .percent(10)), ("12.5%", .percent(12.5)), ("100%", .percent(100)),
        ("00:00:05", .seconds(5)), (" 25% ", .percent(25)),
    ])
    func acceptedOffsets(_ text: String, _ offset: VASTOffset) {
        #expect(VASTOffset(text) == offset)
    }

    @Test(arguments: ["-1%", "101%", "abc%", "%", "start", "end", "5"])
    func refusedOffsets(_ text: String) {
        #expect(VASTOffset(text) == nil)
    }

    @Test func startAndEndAreProgressOffsets() {
        #expect(VASTOffset("start", allowStartEnd: true) == .seconds(0))
        #expect(VASTOffset("end", allowStartEnd: true) == .percent(100))
    }

    @Test func percentOffsetsResolveAgainstTheDuration() {
        #expect(VASTOffset.percent(25).seconds(duration: 16) == 4)
        #expect(VASTOffset.percent(25).seconds(duration: 0) == nil)
        #expect(VASTOffset.seconds(3).seconds(duration: 0) == 3)
    }

    @Test func formatsPlayheads() {
        #expect(VASTTime.format(0) == "00:00:00.000")
        #expect(VASTTime.format(3661.5) == "01:01:01.500")
        #expect(VASTTime.format(-3) == "00:00:00.000")
        // A custom player may report anything: a huge time saturates instead of trapping.
        #expect(VASTTime.format(1e300) == "277777:46:40.000")
        #expect(VASTTime.format(.infinity) == "00:00:00.000")
    }
}
