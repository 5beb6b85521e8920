import Foundation

/// The email hash the ad server expects in `user.emailHash`: SHA-256 of the normalized
/// address (trimmed of whitespace and newlines, lowercased, UTF-8) as 64 lowercase hex characters.
///
/// Publishers reach it as `KontextVideoUser.hashEmail(_:)`. The SDK checks a given
/// `emailHash` with `isValidHash(_:)`; the facade drops an invalid one from the request
/// (the rest of the user is still sent) and records one `.warning` event.
package enum EmailHash {
    /// The address as it is hashed: whitespace and newlines trimmed from both ends, lowercased.
    package static func normalize(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The hash of `email`, or `nil` when nothing is left after trimming.
    /// The address is not otherwise validated (no `@` check).
    package static func hash(_ email: String) -> String? {
        let normalized = normalize(email)
        guard !normalized.isEmpty else { return nil }
        return SHA256.hexDigest(normalized.utf8)
    }

    /// `true` when `candidate` is exactly 64 characters of `0-9` and `a-f` (uppercase is invalid).
    package static func isValidHash(_ candidate: String) -> Bool {
        let bytes = candidate.utf8
        return bytes.count == 64 && bytes.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }
}
