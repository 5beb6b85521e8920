/// Why `LabelSanitizer` dropped a label pair.
package enum LabelDropReason: String, Sendable, Hashable, CaseIterable {
    /// The key is empty or uses a character other than `a-z`, `0-9` and `_`.
    case invalidKey
    /// The value is the empty string.
    case emptyValue
    /// The key is longer than 64 UTF-8 bytes (checked after its characters).
    case keyTooLong
    /// The value is longer than 64 UTF-8 bytes.
    case valueTooLong
    /// The pair was valid but more than 20 valid pairs were given.
    case overLimit

    /// A short explanation for the console warning.
    package var explanation: String {
        switch self {
        case .invalidKey: "key is empty or uses characters other than a-z, 0-9 and _"
        case .emptyValue: "value is empty"
        case .keyTooLong: "key is longer than \(LabelSanitizer.maximumByteCount) bytes"
        case .valueTooLong: "value is longer than \(LabelSanitizer.maximumByteCount) bytes"
        case .overLimit: "more than \(LabelSanitizer.maximumPairCount) labels; the first \(LabelSanitizer.maximumPairCount) keys in byte order were kept"
        }
    }
}
