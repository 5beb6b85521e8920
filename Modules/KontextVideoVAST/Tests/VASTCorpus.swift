import KontextVideoTestSupport
import Foundation
import KontextVideoScheduling
@testable import KontextVideoVAST

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

/// Serves wrapper targets from the corpus, offline. Wrapper URIs in the corpus point where the
/// fixtures were served from in their own repositories, so they are mapped back:
/// fluid-player's `/static/…` to `fluid-player/static/…`, jonhoo's `./test/assets/…` to
/// `jonhoo-vast-vmap/…`, the IAB samples on raw.githubusercontent.com to `iab-vast-samples/…`,
/// plus any explicit `aliases`. Every other `http(s)` URL fails as if offline (301).
struct CorpusFetcher: VASTFetching {
    var aliases: [String: String] = [:]

    func fetch(_ url: URL) async throws -> Data {
        guard let directory = VASTCorpus.directory else { throw URLError(.fileDoesNotExist) }
        if let alias = aliases[url.absoluteString] {
            return try Data(contentsOf: directory.appendingPathComponent(alias))
        }
        let iab = "https://raw.githubusercontent.com/InteractiveAdvertisingBureau/VAST_Samples/master/"
        if url.absoluteString.hasPrefix(iab) {
            let rest = String(url.absoluteString.dropFirst(iab.count)).removingPercentEncoding ?? ""
            return try Data(contentsOf: directory.appendingPathComponent("iab-vast-samples").appendingPathComponent(rest))
        }
        guard url.isFileURL else { throw URLError(.notConnectedToInternet) }
        let path = url.standardizedFileURL.path
        if FileManager.default.fileExists(atPath: path) { return try Data(contentsOf: URL(fileURLWithPath: path)) }
        if path.hasPrefix("/static/") || path.contains("/fluid-player/"), let range = path.range(of: "static/", options: .backwards) {
            return try Data(contentsOf: directory.appendingPathComponent("fluid-player/" + path[range.lowerBound...]))
        }
        if path.contains("/test/assets/") {
            return try Data(contentsOf: directory.appendingPathComponent("jonhoo-vast-vmap/\(url.lastPathComponent)"))
        }
        throw URLError(.fileDoesNotExist)
    }
}

extension VASTCorpus {
    /// Resolves a corpus file offline through `CorpusFetcher`.
    static func resolve(_ relativePath: String, maxDepth: Int = 5, device: DeviceProfile = .standard, aliases: [String: String] = [:]) async throws -> VASTResolution {
        guard let url = url(relativePath) else { throw CocoaError(.fileNoSuchFile) }
        let resolver = VASTResolver(
            fetcher: CorpusFetcher(aliases: aliases), clock: TestClock(), maxDepth: maxDepth,
            device: device, allowedSchemes: ["http", "https", "file"]
        )
        return await resolver.resolve(.document(try data(relativePath), baseURL: url))
    }
}
