import Foundation

/// The install id: a random UUID made on first launch and kept across launches, in a file
/// of the SDK's storage directory, mirrored in the injected `UserDefaults`.
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

    /// The install id: the file's, else the mirror's, else a new one (then stored in both).
    /// A malformed stored value is replaced; a failed write only costs persistence; a file that
    /// exists but cannot be read yet is left alone (a temporary id serves this launch).
    package static func load(storageDirectory: URL, defaults: UserDefaults, defaultsKey: String = defaultsKey) -> UUID {
        let file = storageDirectory.appendingPathComponent(fileName)
        if let data = try? FileContents.read(file),
           let id = UUID(uuidString: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) {
            if defaults.string(forKey: defaultsKey) == nil { defaults.set(id.lowercasedString, forKey: defaultsKey) }
            return id
        }
        // A file that exists but cannot be read (protected before the first unlock) is not
        // overwritten: the stored id comes back once it can be read.
        let fileIsUnreadable = FileManager.default.fileExists(atPath: file.path) && (try? FileContents.read(file)) == nil
        if let mirrored = defaults.string(forKey: defaultsKey).flatMap(UUID.init(uuidString:)) {
            if !fileIsUnreadable { write(mirrored, to: file, in: storageDirectory) }
            return mirrored
        }
        let id = UUID()
        guard !fileIsUnreadable else { return id }
        defaults.set(id.lowercasedString, forKey: defaultsKey)
        write(id, to: file, in: storageDirectory)
        return id
    }

    private static func write(_ id: UUID, to file: URL, in directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data(id.lowercasedString.utf8).write(to: file, options: .atomic)
    }
}
