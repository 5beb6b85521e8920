import Foundation

/// Which directory a process's event queue lives in. One process owns a queue directory at a
/// time: two processes appending to and folding one journal lose each other's lines (measured:
/// up to 157 of 1,000 events). So a second process of the same app (an extension sharing the
/// container, a test runner) claims a sibling (`events-2`, `events-3`, …); a queue whose owner
/// died, however it died, is adopted by the next process that opens the storage: its entries
/// join that process's queue and its directory is removed. Nothing queued is lost, and nothing
/// is delivered twice by two live processes.
///
/// Each server has its own family of queue directories, `<storage>/event-queues/<server>` (and
/// its siblings): a process delivers only its server's queue, adopts only queues of its server
/// left by dead processes of the same app (the storage is the app's own), and never opens
/// another server's queue except to drop it once it is past its retention (`QueueRetention`).
/// `<storage>/events` is where 0.1.0 kept its one queue for every server (see `LegacyEventQueue`).
package enum EventQueueDirectory {
    /// The directory of the storage that holds one family of queue directories per server.
    package static let queuesFolder = "event-queues"
    /// The longest directory name spelled out in full; a longer one is cut and hashed.
    static let longestName = 120

    /// Where the queues of `server` (a normalized server URL) live in `storage`.
    package static func base(forServer server: String, storage: URL) -> URL {
        storage.appendingPathComponent(queuesFolder, isDirectory: true)
            .appendingPathComponent(directoryName(forServer: server), isDirectory: true)
    }

    /// The server's directory name: the URL with every character but letters, digits and `.`
    /// percent-encoded (so one name is one server, and no name holds the `-` of a sibling),
    /// cut and followed by a hash of the whole when longer than `longestName`.
    static func directoryName(forServer server: String) -> String {
        var name = ""
        for byte in server.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        guard name.utf8.count > longestName else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in server.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(name.prefix(longestName - 17)) + "~" + String(hash, radix: 16).leftPadded(to: 16)
    }

    /// The base directories of the server families in `storage`, whatever their siblings.
    package static func serverBases(in storage: URL) -> [URL] {
        let queues = storage.appendingPathComponent(queuesFolder, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: queues.path)) ?? []
        return Set(names.map { name in name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name })
            .sorted()
            .map { queues.appendingPathComponent($0, isDirectory: true) }
    }

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
    package static func orphans(of base: URL, except claimed: URL? = nil) -> [DirectoryLock] {
        let parent = base.deletingLastPathComponent()
        let prefix = base.lastPathComponent + "-"
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0 == base.lastPathComponent || $0.hasPrefix(prefix) }
            .sorted()
            .map { parent.appendingPathComponent($0, isDirectory: true) }
        return siblings
            .filter { $0.standardizedFileURL.path != claimed?.standardizedFileURL.path }
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

private extension String {
    /// The string with zeros before it up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
