import KontextVideoModels

/// Applies the label rules of `VideoAds.init(content:labels:)`: keys use `a-z`, `0-9` and
/// `_`; values are not empty; both are at most 64 bytes, with at most 20 pairs. Anything
/// else is dropped with one console warning.
///
/// Rules, checked per pair in this order (the first that fails is the reason):
/// 1. `invalidKey`: the key is empty (an empty key is invalid) or has a byte outside
///    `a-z`, `0-9`, `_` (so uppercase, `-`, spaces and any non-ASCII character are invalid).
/// 2. `keyTooLong`: the key has more than 64 UTF-8 bytes.
/// 3. `emptyValue`: the value is `""`. A value of only spaces is not empty and is kept.
/// 4. `valueTooLong`: the value has more than 64 UTF-8 bytes (an emoji counts 4 bytes).
///
/// When more than 20 pairs pass, the valid keys are sorted by their UTF-8 bytes
/// (lexicographically, ascending) and the first 20 are kept; the rest are `overLimit`.
/// The result therefore never depends on dictionary order.
package struct LabelSanitizer: Sendable {
    /// The most UTF-8 bytes a key or a value may have.
    package static let maximumByteCount = 64
    /// The most pairs kept.
    package static let maximumPairCount = 20

    /// Sanitizes `labels` without reporting anything.
    package static func sanitize(_ labels: [String: String]) -> SanitizedLabels {
        var valid: [(key: String, value: String)] = []
        var dropped: [DroppedLabel] = []
        for (key, value) in labels {
            if let reason = dropReason(key: key, value: value) {
                dropped.append(DroppedLabel(key: key, value: value, reason: reason))
            } else {
                valid.append((key, value))
            }
        }
        valid.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var kept: [String: String] = [:]
        for (index, pair) in valid.enumerated() {
            if index < maximumPairCount {
                kept[pair.key] = pair.value
            } else {
                dropped.append(DroppedLabel(key: pair.key, value: pair.value, reason: .overLimit))
            }
        }
        dropped.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return SanitizedLabels(kept: kept, dropped: dropped)
    }

    /// Sanitizes `labels` and records exactly one `.warning` event on `monitor` when
    /// anything was dropped (`SanitizedLabels.warningEvent`), and none otherwise.
    package static func sanitize(_ labels: [String: String], reportingTo monitor: any KontextVideoEventMonitor) -> SanitizedLabels {
        let result = sanitize(labels)
        if let event = result.warningEvent {
            monitor.record(event)
        }
        return result
    }

    /// Why a single pair breaks the rules, or `nil` when it is valid (before the 20-pair limit).
    package static func dropReason(key: String, value: String) -> LabelDropReason? {
        let keyBytes = key.utf8
        if keyBytes.isEmpty || !keyBytes.allSatisfy(isKeyByte) { return .invalidKey }
        if keyBytes.count > maximumByteCount { return .keyTooLong }
        if value.isEmpty { return .emptyValue }
        if value.utf8.count > maximumByteCount { return .valueTooLong }
        return nil
    }

    /// `a-z`, `0-9` or `_`.
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
