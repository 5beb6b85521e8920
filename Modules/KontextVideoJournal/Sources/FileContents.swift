import Foundation

/// Reads whole files for the queue, its destination record and the install id.
package enum FileContents {
    /// A file longer than the reader's limit: it is no file the SDK wrote (a damaged or planted
    /// one), and reading it whole would cost its size in memory.
    package struct TooLarge: Error, CustomStringConvertible {
        /// The most bytes the reader takes.
        package var limit: Int
        /// The file's description of the refusal.
        package var description: String { "the file is larger than \(limit) bytes" }
    }

    /// The bytes of the file at `url`; throws when it cannot be opened or read.
    ///
    /// Not `Data(contentsOf:)`: on Linux's Foundation it leaks a 4 KiB buffer each time it reads
    /// an empty file (found by the `networking-decoders` fuzz target; an empty journal is common).
    /// - Parameters:
    ///   - url: The file.
    ///   - limit: The most bytes taken; a longer file throws `TooLarge` after reading at most
    ///     one byte more (never its whole length).
    /// - Returns: The file's bytes.
    /// - Throws: The error of opening or reading it, or `TooLarge`.
    package static func read(_ url: URL, limit: Int = .max) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        guard limit < .max else { return try handle.readToEnd() ?? Data() }
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else { throw TooLarge(limit: limit) }
        return data
    }
}
