import Foundation

/// The one door through which a number from outside the SDK becomes a number the SDK computes
/// with: a VAST document anywhere in a wrapper chain, an ad answer, the creative bridge, the device
/// or a publisher's player. Each kind of number has a documented range; a value outside it is
/// refused (`nil`: the field reads as absent, with the fallback its reader documents), and every
/// conversion of a computed `Double` to an integer saturates, so no number an ad sends can make
/// arithmetic trap (issue 32: a `<MediaFile width="4294967296" height="4294967296">` overflowed
/// `long * short` in media selection and killed the app).
///
/// | kind | range | why that bound |
/// |---|---|---|
/// | `pixels` | 0…100,000 | a 16K frame is 15,360 wide; the square of the bound fits an `Int` many times over |
/// | `points` | 0…10,000 | the largest screen in points (a TV, a visionOS window) is a few thousand |
/// | `kilobitsPerSecond` | 0…10,000,000 | 10 Gbit/s, far past any stream |
/// | `bytes` | 0…2⁴⁰ | a terabyte, far past any ad file |
/// | `sequence` | 0…1,000,000 | an ordinal in a VAST document |
/// | `seconds` | 0…86,400 | an ad or an offset in it past a day means nothing to a viewer |
/// | `lifetimeSeconds` | 0…31,536,000 | how long an ad may be kept: past a year is "does not expire soon" |
/// | `sourceIdentifier` | 0…9,999 | SKAdNetwork 4's hierarchical source identifier has at most four digits |
/// | `appStoreItem` | 0…999,999,999,999 | an App Store item id (ten digits today; 0 is an app not on the store) |
/// | `epochMilliseconds` | 0…4,102,444,800,000 | a signed attribution timestamp: past 2100 is no timestamp |
package enum WireNumber {
    /// What a number measures, and so the range it must fall in.
    package enum Kind: String, Sendable, CaseIterable {
        /// A size in pixels (a VAST media file, companion, icon or non-linear creative).
        case pixels
        /// A size in points (an ad answer's creative, a page's resize request).
        case points
        /// A bitrate in kbit/s (a VAST media file).
        case kilobitsPerSecond
        /// A size in bytes (a VAST media file's `fileSize`).
        case bytes
        /// An ordinal (a VAST `sequence`).
        case sequence
        /// A duration or an offset in seconds (a VAST time).
        case seconds
        /// How long something may be kept, in seconds (a VAST `<Expires>`).
        case lifetimeSeconds
        /// SKAdNetwork 4's hierarchical source identifier (an ad answer's attribution).
        case sourceIdentifier
        /// An App Store item id (the advertised app, the publisher's app).
        case appStoreItem
        /// A time in milliseconds since 1970 (a signed attribution payload's timestamp).
        case epochMilliseconds

        /// The values this kind may take.
        package var range: ClosedRange<Double> {
            switch self {
            case .pixels: 0...100_000
            case .points: 0...10_000
            case .kilobitsPerSecond: 0...10_000_000
            case .bytes: 0...1_099_511_627_776
            case .sequence: 0...1_000_000
            case .seconds: 0...86_400
            case .lifetimeSeconds: 0...31_536_000
            case .sourceIdentifier: 0...9_999
            case .appStoreItem: 0...999_999_999_999
            case .epochMilliseconds: 0...4_102_444_800_000
            }
        }
    }

    /// `value` when it is finite and inside `kind`'s range; `nil` otherwise.
    package static func bounded(_ value: Double, _ kind: Kind) -> Double? {
        guard value.isFinite, kind.range.contains(value) else { return nil }
        return value
    }

    /// `value` clamped into `kind`'s range; `nil` only when it is not a number (NaN).
    package static func clamped(_ value: Double, _ kind: Kind) -> Double? {
        guard !value.isNaN else { return nil }
        return min(max(value, kind.range.lowerBound), kind.range.upperBound)
    }

    /// The integer a text states (`500`, `+500`, ` 500 `; `500.7` is 500, as VAST readers take it),
    /// when it is inside `kind`'s range; `nil` for anything else: no number, a value out of range,
    /// or more characters than any in-range number needs (a 400-digit number is never converted).
    package static func integer<Text: StringProtocol>(_ text: Text, _ kind: Kind) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Longer than any in-range number with a fraction: refused before any conversion.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 32 else { return nil }
        if let exact = Int(trimmed) {
            return kind.range.contains(Double(exact)) ? exact : nil
        }
        guard let value = Double(trimmed), let inRange = bounded(value, kind) else { return nil }
        return Int(inRange.rounded(.towardZero))
    }

    /// A computed value as an `Int`, saturating: NaN is 0, and anything past ±2⁶² is ±2⁶², so
    /// `Int(_:)` (which traps on a value it cannot hold) is never reached with one.
    package static func saturatingInt(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        let limit = 4_611_686_018_427_387_904.0  // 2⁶², exactly representable
        return Int(min(max(value, -limit), limit))
    }

    /// `lhs * rhs`, saturating at `Int.max` and `Int.min` instead of trapping.
    package static func saturatingProduct(_ lhs: Int, _ rhs: Int) -> Int {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        guard overflow else { return product }
        return (lhs < 0) == (rhs < 0) ? .max : .min
    }
}
