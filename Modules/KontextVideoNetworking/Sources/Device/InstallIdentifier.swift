import Foundation
import KontextVideoConcurrency
import KontextVideoModels
import KontextVideoJournal

/// The install id: a random UUID made on first launch and kept across launches, in a file of the
/// SDK's storage directory, while consent allows it (`InstallIdentity`). At rest it is kept to
/// this device: the file is excluded from backups (a restore on another device does not carry it
/// over) and protected until the device's first unlock (`completeUntilFirstUserAuthentication`,
/// which still lets a background launch after that read it). The `UserDefaults` mirror 0.1.0 kept
/// is only read, to migrate an id into the file, and removed then.
package enum InstallIdentifier {
    /// The file in the storage directory.
    package static let fileName = "install-id"
    /// The `UserDefaults` key of the mirror where the storage is the app's own (iOS, tvOS, a
    /// sandboxed Mac app): unchanged since 0.1.0.
    package static let defaultsKey = "so.kontext.video.installId"

    /// The key of the mirror where the storage is scoped by the app's bundle id (macOS outside
    /// the App Sandbox, Linux): a key of its own, so the id 0.1.0 kept in the storage those apps
    /// shared, and mirrored in each one's defaults, is not taken up again and cannot link them.
    package static func scopedDefaultsKey(appBundleId: String) -> String {
        defaultsKey + "." + appBundleId
    }

    /// The largest `install-id` file read: a UUID is 36 bytes; a larger file was not written by
    /// the SDK.
    package static let sizeLimit = 1024

    /// The install id: the file's, else the mirror's, else a new one (then stored in both).
    /// A stored value that is no UUID (damaged, planted, invalid UTF-8, larger than `sizeLimit`)
    /// is moved aside (`StoredFileQuarantine`), reported on `events`, and replaced; a failed write
    /// only costs persistence; a file that exists but cannot be read yet is left alone (a
    /// temporary id serves this launch).
    /// - Parameters:
    ///   - storageDirectory: The SDK's storage directory, which holds `install-id`.
    ///   - defaults: Where the mirror is kept.
    ///   - defaultsKey: The mirror's key.
    ///   - events: Where a damaged file is reported (`nil`: nowhere).
    /// - Returns: The install id.
    package static func load(
        storageDirectory: URL, defaults: UserDefaults, defaultsKey: String = defaultsKey,
        events: (any KontextVideoEventMonitor)? = nil
    ) -> UUID {
        let file = storageDirectory.appendingPathComponent(fileName)
        var fileIsUnreadable = false
        switch readStored(file) {
        case .id(let id):
            // A mirror 0.1.0 left beside a file that holds the id is no longer needed.
            defaults.removeObject(forKey: defaultsKey)
            return id
        case .missing:
            break
        case .unreadable:
            // Protected before the first unlock: not overwritten; the stored id comes back once
            // it can be read.
            fileIsUnreadable = true
        case .damaged(let reason):
            let attributes = StoredFileQuarantine.moveAside(file, reason: reason)
            events?.record(KontextVideoEvent(.error, .queueCorrupt, level: .error, attributes: attributes))
        }
        if let mirrored = defaults.string(forKey: defaultsKey).flatMap(UUID.init(uuidString:)) {
            // Migration: the id 0.1.0 kept in the mirror moves into the file, and the mirror goes.
            if !fileIsUnreadable, write(mirrored, to: file, in: storageDirectory) { defaults.removeObject(forKey: defaultsKey) }
            return mirrored
        }
        let id = UUID()
        guard !fileIsUnreadable else { return id }
        write(id, to: file, in: storageDirectory)
        return id
    }

    /// What the `install-id` file holds.
    private enum Stored {
        case id(UUID)
        case missing
        case unreadable
        case damaged(String)
    }

    private static func readStored(_ file: URL) -> Stored {
        do {
            let data = try FileContents.read(file, limit: sizeLimit)
            // Invalid UTF-8 decodes to replacement characters, which no UUID holds.
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return UUID(uuidString: text).map(Stored.id) ?? .damaged("not a UUID")
        } catch let tooLarge as FileContents.TooLarge {
            return .damaged(tooLarge.description)
        } catch {
            return FileManager.default.fileExists(atPath: file.path) ? .unreadable : .missing
        }
    }

    /// Writes `id` protected until the first unlock and excluded from backups; `false` when it
    /// could not be written.
    @discardableResult
    private static func write(_ id: UUID, to file: URL, in directory: URL) -> Bool {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try Data(id.lowercasedString.utf8).write(to: file, options: writingOptions)
        } catch {
            return false
        }
        var stored = file
        try? stored.setResourceValues(resourceValues)
        return true
    }

    /// How the file is written: atomically, protected until the device's first unlock.
    static let writingOptions: Data.WritingOptions = [.atomic, .completeFileProtectionUntilFirstUserAuthentication]

    /// What the file is marked with once written: excluded from backups (Apple platforms keep the
    /// mark; Linux has no backup and ignores it).
    static var resourceValues: URLResourceValues {
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        return values
    }
}

/// The install id as consent allows it, for the whole client: created, kept and read while
/// `ConsentPolicy.installId` says so; erased from disk and from the `UserDefaults` mirror the moment
/// it no longer does (the viewer withdrew consent), so a request made then carries none, and a new
/// id is made only once consent returns. Lock-guarded: the pipeline reads it as a batch leaves.
package final class InstallIdentity: Sendable {
    private let storageDirectory: URL
    private let defaults: SharedDefaults
    private let defaultsKey: String
    private let events: any KontextVideoEventMonitor
    private let current: LockedState<UUID?>

    /// The identity of the app's `storageDirectory`, loaded (or made) when `allowed`, else erased.
    package init(storageDirectory: URL, defaults: SharedDefaults, defaultsKey: String, events: any KontextVideoEventMonitor, allowed: Bool) {
        self.storageDirectory = storageDirectory
        self.defaults = defaults
        self.defaultsKey = defaultsKey
        self.events = events
        current = LockedState(nil)
        _ = id(allowed: allowed)
    }

    /// The id in force, without changing anything: `nil` while consent does not allow one.
    package var snapshot: UUID? { current.snapshot }

    /// The id when `allowed` (the stored one, or a new one stored now); when not, `nil`, and the
    /// stored id is erased (reported once on the event stream).
    package func id(allowed: Bool) -> UUID? {
        let (id, erased): (UUID?, Bool) = current.withLock { current in
            if allowed {
                if current == nil {
                    current = InstallIdentifier.load(
                        storageDirectory: storageDirectory, defaults: defaults.defaults, defaultsKey: defaultsKey, events: events)
                }
                return (current, false)
            }
            let file = storageDirectory.appendingPathComponent(InstallIdentifier.fileName)
            let stored = current != nil || FileManager.default.fileExists(atPath: file.path) || defaults.defaults.object(forKey: defaultsKey) != nil
            guard stored else { return (nil, false) }
            current = nil
            try? FileManager.default.removeItem(at: file)
            defaults.defaults.removeObject(forKey: defaultsKey)
            return (nil, true)
        }
        if erased {
            events.record(KontextVideoEvent(.state, .installIdErased, level: .info, attributes: ["reason": "consent does not allow it"]))
        }
        return id
    }
}
