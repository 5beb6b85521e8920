import Foundation

/// Reads whole files for the queue and the install id.
package enum FileContents {
    /// The bytes of the file at `url`; throws when it cannot be opened or read.
    ///
    /// Not `Data(contentsOf:)`: on Linux's Foundation it leaks a 4 KiB buffer each time it reads
    /// an empty file (found by the `networking-decoders` fuzz target; an empty journal is common).
    package static func read(_ url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
