import Foundation

/// Which directory a process's event queue lives in. One process owns a queue directory at a
/// time: two processes appending to and folding one journal lose each other's lines (measured:
/// up to 157 of 1,000 events). So a second process of the same app (an extension sharing the
/// container, a test runner) claims a sibling (`events-2`, `events-3`, …); a queue whose owner
/// died, however it died, is adopted by the next process that opens the storage: its entries
/// join that process's queue and its directory is removed. Nothing queued is lost, and nothing
/// is delivered twice by two live processes.
package enum EventQueueDirectory {
    /// How many numbered siblings are tried before a directory of the process's own is used.
    static let siblingLimit = 16

    /// Claims the first free directory of `base`, `base-2` … `base-16`, else `base-pid-<pid>`.
    package static func claim(base: URL) -> DirectoryLock? {
        for candidate in candidates(base: base) {
            if let lock = DirectoryLock(directory: candidate) { return lock }
        }
        let own = base.deletingLastPathComponent()
            .appendingPathComponent("\(base.lastPathComponent)-pid-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        return DirectoryLock(directory: own)
    }

    /// The queue directories beside `base` (itself included) that no live process owns, each
    /// claimed for adoption, except `claimed`.
    package static func orphans(of base: URL, except claimed: URL) -> [DirectoryLock] {
        let parent = base.deletingLastPathComponent()
        let prefix = base.lastPathComponent + "-"
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0 == base.lastPathComponent || $0.hasPrefix(prefix) }
            .sorted()
            .map { parent.appendingPathComponent($0, isDirectory: true) }
        return siblings
            .filter { $0.standardizedFileURL.path != claimed.standardizedFileURL.path }
            .compactMap { candidate in
                guard FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".lock").path) else { return nil }
                return DirectoryLock(directory: candidate)
            }
    }

    private static func candidates(base: URL) -> [URL] {
        let parent = base.deletingLastPathComponent()
        return [base] + (2...siblingLimit).map {
            parent.appendingPathComponent("\(base.lastPathComponent)-\($0)", isDirectory: true)
        }
    }
}
