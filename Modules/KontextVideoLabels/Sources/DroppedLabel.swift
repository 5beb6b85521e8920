/// One label pair `LabelSanitizer` did not keep, with the reason.
package struct DroppedLabel: Sendable, Hashable {
    /// The key as the publisher gave it.
    package var key: String
    /// The value as the publisher gave it.
    package var value: String
    /// Why the pair was dropped.
    package var reason: LabelDropReason

    /// Creates a dropped pair.
    package init(key: String, value: String, reason: LabelDropReason) {
        self.key = key
        self.value = value
        self.reason = reason
    }
}
