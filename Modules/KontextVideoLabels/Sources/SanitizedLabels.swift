import KontextVideoModels

/// The result of `LabelSanitizer.sanitize(_:)`: the labels every request carries and
/// the pairs that were dropped.
package struct SanitizedLabels: Sendable, Hashable {
    /// The labels that passed every rule; at most 20 pairs.
    package var kept: [String: String]
    /// Every dropped pair, ordered by key (UTF-8 bytes, ascending), so the order never
    /// depends on dictionary iteration.
    package var dropped: [DroppedLabel]

    /// Creates a result.
    package init(kept: [String: String], dropped: [DroppedLabel]) {
        self.kept = kept
        self.dropped = dropped
    }

    /// The one console warning naming every dropped key and why, in `dropped` order;
    /// `nil` when nothing was dropped.
    package var warningMessage: String? {
        guard !dropped.isEmpty else { return nil }
        let total = kept.count + dropped.count
        let details = dropped.map { "\(Self.display($0.key)) (\($0.reason.explanation))" }.joined(separator: "; ")
        return "Dropped \(dropped.count) of \(total) labels: \(details). "
            + "Keys use a-z, 0-9 and _; values are not empty; both are at most "
            + "\(LabelSanitizer.maximumByteCount) bytes, with at most \(LabelSanitizer.maximumPairCount) pairs."
    }

    /// The warning as the SDK's event: `.warning` kind and level, named `labels dropped`,
    /// with the `count` of dropped pairs and the full `message`; `nil` when nothing was dropped.
    package var warningEvent: KontextVideoEvent? {
        guard let message = warningMessage else { return nil }
        return KontextVideoEvent(
            .warning,
            .labelsDropped,
            level: .warning,
            attributes: ["count": String(dropped.count), "message": message]
        )
    }

    /// A key quoted and escaped for the console; keys over 64 bytes are cut to 32 characters.
    private static func display(_ key: String) -> String {
        let shown = key.utf8.count > LabelSanitizer.maximumByteCount ? String(key.prefix(32)) + "…" : key
        return String(reflecting: shown)
    }
}
