import Foundation
import Testing
@testable import KontextVideoModels

/// The one conversion of numbers from outside (issue 32): each kind's range holds, nothing traps.
@Suite("WireNumber")
struct WireNumberTests {
    /// The extreme texts the issue names, and a few more.
    static let extremes = [
        "9223372036854775807", "-9223372036854775808", "4294967296", "9223372036854775808", "-1", "0", "1e308",
        String(repeating: "9", count: 400), "3037000500", "NaN", "inf", "-0", "1e-400", "0x10", "", " ", "12abc",
    ]

    @Test(arguments: WireNumber.Kind.allCases)
    func everyExtremeIsRefusedOrInRange(_ kind: WireNumber.Kind) {
        for text in Self.extremes {
            if let value = WireNumber.integer(text, kind) {
                #expect(kind.range.contains(Double(value)), "\(text) as \(kind): \(value)")
            }
        }
        #expect(WireNumber.integer("4294967296", kind) == (kind.range.contains(4_294_967_296) ? 4_294_967_296 : nil))
        #expect(WireNumber.integer(String(repeating: "9", count: 400), kind) == nil)
        #expect(WireNumber.integer("-1", kind) == nil)
        #expect(WireNumber.integer("0", kind) == 0)
    }

    @Test func integersReadAsVASTWritesThem() {
        #expect(WireNumber.integer("640", .pixels) == 640)
        #expect(WireNumber.integer(" 640.0 ", .pixels) == 640)
        #expect(WireNumber.integer("640.9", .pixels) == 640)
        #expect(WireNumber.integer("+640", .pixels) == 640)
        #expect(WireNumber.integer("100000", .pixels) == 100_000)
        #expect(WireNumber.integer("100001", .pixels) == nil)
        #expect(WireNumber.integer("1e3", .pixels) == 1000)
    }

    @Test func boundedAndClamped() {
        #expect(WireNumber.bounded(.infinity, .seconds) == nil)
        #expect(WireNumber.bounded(.nan, .seconds) == nil)
        #expect(WireNumber.bounded(1e308, .points) == nil)
        #expect(WireNumber.bounded(320, .points) == 320)
        #expect(WireNumber.clamped(1e308, .seconds) == 86_400)
        #expect(WireNumber.clamped(-5, .seconds) == 0)
        #expect(WireNumber.clamped(.nan, .seconds) == nil)
    }

    @Test func conversionsSaturate() {
        #expect(WireNumber.saturatingInt(.nan) == 0)
        #expect(WireNumber.saturatingInt(1e308) == 1 << 62)
        #expect(WireNumber.saturatingInt(-.infinity) == -(1 << 62))
        #expect(WireNumber.saturatingInt(41.9) == 41)
        #expect(WireNumber.saturatingProduct(4_294_967_296, 4_294_967_296) == .max)
        #expect(WireNumber.saturatingProduct(3_037_000_500, 3_037_000_500) == .max)
        #expect(WireNumber.saturatingProduct(.max, -2) == .min)
        #expect(WireNumber.saturatingProduct(1920, 1080) == 2_073_600)
    }
}
