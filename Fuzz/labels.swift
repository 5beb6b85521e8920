// fuzz-modules: KontextVideoLabels, KontextVideoModels
// fuzz-seeds: Fuzz/seeds/labels
// fuzz-max-len: 4096
//
// The label rules on whatever an app passes: the bytes, split at NUL, are alternating keys and
// values. Besides "no crash", it checks the documented rules: at most 20 pairs kept, keys of
// `a-z`, `0-9` and `_`, values not empty, both at most 64 bytes, every kept pair one that was
// given, and the same labels always keep the same pairs.
import Foundation
import KontextVideoLabels
import KontextVideoModels

@_cdecl("LLVMFuzzerTestOneInput")
public func labelsFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let parts = UnsafeRawBufferPointer(start: start, count: count)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var labels: [String: String] = [:]
    for index in stride(from: 0, to: parts.count - 1, by: 2) {
        labels[parts[index]] = parts[index + 1]
    }
    let sanitized = LabelSanitizer.sanitize(labels)
    precondition(sanitized.kept.count <= 20, "\(sanitized.kept.count) pairs kept")
    for (key, value) in sanitized.kept {
        precondition(labels[key] == value, "a pair that was not given: \(key)")
        precondition(!key.isEmpty && key.utf8.count <= 64 && key.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F },
                     "key \(key)")
        precondition(!value.isEmpty && value.utf8.count <= 64, "value of \(key)")
    }
    precondition(sanitized.kept.count + sanitized.dropped.count == labels.count, "a pair neither kept nor dropped")
    precondition(LabelSanitizer.sanitize(labels).kept == sanitized.kept, "the same labels kept other pairs")
    return 0
}
