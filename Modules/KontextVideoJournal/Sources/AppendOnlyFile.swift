#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file opened once for appending (`O_APPEND`): every `append` is one `write(2)` at the end,
/// whatever else writes there. What `append` returned from is in the kernel's page cache, so it
/// survives the process being killed (not a power loss: there is no `fsync`, on purpose — a
/// flush per event would cost milliseconds). Not thread-safe: its owner serializes the calls.
package final class AppendOnlyFile {
    /// Where the file is.
    package let url: URL
    private let descriptor: Int32

    /// Opens `url` for appending, creating it (owner read/write only) when missing.
    package init(url: URL) throws {
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw Self.error(errno, url) }
        self.url = url
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends `bytes` at the end of the file, all of them (a short write is continued).
    package func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.error(errno, url)
                }
                offset += written
            }
        }
    }

    private static func error(_ code: Int32, _ url: URL) -> any Error {
        let reason = String(cString: strerror(code))
        return CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedFailureReasonErrorKey: reason])
    }
}
