import Foundation

/// Locates the shared VAST corpus (`../shared/vast-corpus` beside the repository, or
/// `$KONTEXT_VAST_CORPUS`) for the tests that read it; they skip when it is absent.
enum VASTCorpus {
    /// The corpus folder, or `nil` when it is not on this machine.
    static let directory: URL? = {
        if let path = ProcessInfo.processInfo.environment["KONTEXT_VAST_CORPUS"], !path.isEmpty {
            let url = URL(fileURLWithPath: path, isDirectory: true)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        // This file is <repo>/Modules/KontextVideoCreatives/Tests/VASTCorpus.swift.
        let repo = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = repo.deletingLastPathComponent().appendingPathComponent("shared/vast-corpus", isDirectory: true)
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("INDEX.md").path) ? url : nil
    }()

    /// Whether the corpus is present.
    static var isAvailable: Bool { directory != nil }

    /// Every `.xml` file under the corpus, as paths relative to it, sorted.
    static func files() -> [String] {
        guard let directory, let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xml") { files.append(path) }
        }
        return files.sorted()
    }

    /// The URL of a corpus file.
    static func url(_ relativePath: String) -> URL? {
        directory?.appendingPathComponent(relativePath)
    }

    /// The bytes of a corpus file.
    static func data(_ relativePath: String) throws -> Data {
        guard let url = url(relativePath) else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }
}
