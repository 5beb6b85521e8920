import Foundation

/// Moves a file the SDK cannot read as what it should be (damaged, planted, of another
/// format, too large) out of the way, so it is never read again and never traps: renamed in its
/// own directory to `<name>.corrupt-<milliseconds>[-<n>]<.extension>` (`queue.json` becomes
/// `queue.corrupt-1700000000000.json`, `install-id` becomes `install-id.corrupt-1700000000000`),
/// kept for a person to look at, and reported by the caller (`event queue corrupt`, with the
/// file's name). At most `kept` of them are kept per file name: each launch that finds the file
/// damaged again adds one, so without a bound a file damaged at every launch would fill the disk.
package enum StoredFileQuarantine {
    /// How many moved-aside copies of one file are kept (the newest).
    package static let kept = 3

    /// Moves `file` aside and prunes older copies beyond `kept`; returns the attributes that
    /// describe what happened (`file`, `reason`, and `movedTo`, or `kept` with the failure).
    /// - Parameters:
    ///   - file: The file to move.
    ///   - reason: Why it cannot be read, for the report.
    ///   - now: The wall clock's time, which stamps the name.
    /// - Returns: The attributes of the report.
    package static func moveAside(_ file: URL, reason: String, now: Date = Date()) -> [String: String] {
        let directory = file.deletingLastPathComponent()
        let (stem, suffix) = nameParts(file.lastPathComponent)
        let stamp = saturatedMilliseconds(now)
        var target = directory.appendingPathComponent("\(stem).corrupt-\(stamp)\(suffix)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path), attempt < 100 {
            target = directory.appendingPathComponent("\(stem).corrupt-\(stamp)-\(attempt)\(suffix)")
            attempt += 1
        }
        var attributes = ["file": file.lastPathComponent, "reason": reason]
        do {
            try FileManager.default.moveItem(at: file, to: target)
            attributes["movedTo"] = target.lastPathComponent
        } catch {
            // Could not move it aside: the caller replaces it (or leaves it, unread) instead.
            attributes["kept"] = "true"
            attributes["moveFailure"] = "\(error)"   // may name a path: private in the unified log
        }
        prune(file)
        return attributes
    }

    /// The moved-aside copies of `file` in its directory, oldest first.
    /// - Parameter file: The file whose copies are listed.
    /// - Returns: Their URLs.
    package static func copies(of file: URL) -> [URL] {
        let directory = file.deletingLastPathComponent()
        let (stem, suffix) = nameParts(file.lastPathComponent)
        let prefix = stem + ".corrupt-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
            .map { name in (name, stampOf(name, prefix: prefix, suffix: suffix)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map { directory.appendingPathComponent($0.0) }
    }

    /// Removes all but the newest `kept` copies of `file`.
    private static func prune(_ file: URL) {
        let copies = copies(of: file)
        for old in copies.dropLast(kept) { try? FileManager.default.removeItem(at: old) }
    }

    /// `queue.json` → (`queue`, `.json`); a name without an extension keeps it all.
    private static func nameParts(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// The stamp in a copy's name, for ordering (copies named otherwise sort first).
    private static func stampOf(_ name: String, prefix: String, suffix: String) -> Int64 {
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return Int64(middle.prefix { $0.isNumber }) ?? 0
    }

    /// Milliseconds since 1970 of `date`, within years 0 to 9999 (a wall clock's `Date` can be
    /// anything; a stamp is never negative-overflowed nor infinite).
    private static func saturatedMilliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        return Int64(max(min(value, 253_402_300_799_999), -62_135_596_800_000))
    }
}
