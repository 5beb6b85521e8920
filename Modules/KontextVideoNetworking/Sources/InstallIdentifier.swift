import Foundation

/// The install id: a random UUID made on first launch and kept across launches, in a file
/// of the SDK's storage directory, mirrored in the injected `UserDefaults`.
package enum InstallIdentifier {
    /// The file in the storage directory.
    package static let fileName = "install-id"
    /// The `UserDefaults` key of the mirror.
    package static let defaultsKey = "so.kontext.video.installId"

    /// The install id: the file's, else the mirror's, else a new one (then stored in both).
    /// A malformed stored value is replaced; a failed write only costs persistence; a file that
    /// exists but cannot be read yet is left alone (a temporary id serves this launch).
    package static func load(storageDirectory: URL, defaults: UserDefaults) -> UUID {
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
