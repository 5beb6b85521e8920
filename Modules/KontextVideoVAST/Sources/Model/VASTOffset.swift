import Foundation

/// A point in a linear ad: an absolute time or a percentage of its duration
/// (`skipoffset`, a `progress` tracking offset, an icon offset). Parsing follows `VASTTime`.
package enum VASTOffset: Sendable, Hashable, Encodable {
    /// Seconds from the start of the ad.
    case seconds(Double)
    /// Percent (0–100) of the ad's duration.
    case percent(Double)

    /// Parses a clock time, `N%`, or (when `allowStartEnd`) `start` / `end`; `nil` when refused.
    package init?(_ text: String?, allowStartEnd: Bool = false) {
        guard let text else { return nil }
        let trimmed = text.trimmedForVAST(newlines: true)
        if allowStartEnd, trimmed.equalsIgnoringCaseForVAST("start") {
            self = .seconds(0)
        } else if allowStartEnd, trimmed.equalsIgnoringCaseForVAST("end") {
            self = .percent(100)
        } else if trimmed.hasSuffix("%") {
            let number = trimmed.dropLast()
            guard !number.isEmpty,
                  number.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
                  let value = Double(number), value >= 0, value <= 100 else { return nil }
            self = .percent(value)
        } else if let seconds = VASTTime.seconds(trimmed) {
            self = .seconds(seconds)
        } else {
            return nil
        }
    }

    /// The offset in seconds for an ad of `duration` seconds; `nil` for a percentage when the duration is unknown (≤ 0).
    package func seconds(duration: Double) -> Double? {
        switch self {
        case .seconds(let seconds): return seconds
        case .percent(let percent): return duration > 0 ? duration * percent / 100 : nil
        }
    }

    private enum CodingKeys: String, CodingKey { case seconds, percent }

    /// Encodes `{"seconds": 5}` or `{"percent": 25}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .seconds(let value): try container.encode(value, forKey: .seconds)
        case .percent(let value): try container.encode(value, forKey: .percent)
        }
    }
}
