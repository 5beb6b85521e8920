import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
package struct TemporaryDirectory: Sendable {
    /// Where it is.
    package let url: URL

    /// Creates the directory; its name starts with `prefix`.
    package init(prefix: String = "kontext-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
