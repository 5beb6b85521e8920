import Foundation

/// The install id: a random UUID made on first launch and kept across launches, in a file
/// of the SDK's storage directory, mirrored in the injected `UserDefaults`.
package enum InstallIdentifier {
    /// The file in the storage directory.
    package static let fileName = "install-id"
    /// The `UserDefaults` key of the mirror.
    package static let defaultsKey = "so.kontext.video.installId"

    /// The install id: the file's, else the mirror's, else a new one (then stored in both).
    /// A malformed stored value is replaced; a failed write only costs persistence.
    package static func load(storageDirectory: URL, defaults: UserDefaults) -> UUID {
        let file = storageDirectory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file),
           let id = UUID(uuidString: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) {
            if defaults.string(forKey: defaultsKey) == nil { defaults.set(id.uuidString.lowercased(), forKey: defaultsKey) }
            return id
        }
        let id = defaults.string(forKey: defaultsKey).flatMap(UUID.init(uuidString:)) ?? UUID()
        defaults.set(id.uuidString.lowercased(), forKey: defaultsKey)
        try? FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        try? Data(id.uuidString.lowercased().utf8).write(to: file, options: .atomic)
        return id
    }
}
