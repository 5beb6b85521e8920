/// Something wrong with the queue's files, handed to the store's owner to report: the journal
/// imports nothing that reports, so its owner (Networking's pipeline) turns each problem into the
/// SDK's events. Every problem leaves what was acknowledged in place: a change not written stays
/// in memory and goes into the next snapshot, a file that does not read is moved aside, not
/// deleted.
package struct JournalProblem: Sendable, Hashable {
    /// What went wrong.
    package enum Kind: Sendable, Hashable {
        /// A change could not be written down; it waits in memory for the next snapshot.
        case notWritten
        /// A queue file exists but cannot be read yet (iOS data protection before the first
        /// unlock); it is read and merged before the first write.
        case notReadableYet
        /// A file was not a queue of this format (or too large) and was moved aside.
        case corrupt
        /// A journal line before the last did not parse and was skipped.
        case journalDamaged
    }

    /// What went wrong.
    package var kind: Kind
    /// What the report says: the file (`path`, `file`), the `error` or `reason`, and so on.
    package var attributes: [String: String]
    /// Expected rather than an error: a change dropped by a store that was closed on purpose
    /// (a test's reset). Reported at debug level.
    package var isExpected: Bool

    /// A problem of `kind`, described by `attributes`.
    package init(_ kind: Kind, _ attributes: [String: String], isExpected: Bool = false) {
        self.kind = kind
        self.attributes = attributes
        self.isExpected = isExpected
    }
}
