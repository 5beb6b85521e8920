#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KontextVideoConcurrency

/// An exclusive claim on a directory: an advisory `flock` on a `.lock` file inside it, held until
/// `release()` or the claimant's end. The kernel drops it when the process dies, however it
/// dies, so a directory whose lock can be taken has no live owner.
package final class DirectoryLock: Sendable {
    /// The directory claimed.
    package let directory: URL
    /// The lock file's descriptor while the claim is held.
    private let descriptor: LockedState<Int32?>

    /// Claims `directory` (created when missing), or returns `nil` when another claimant holds it.
    package init?(directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lockFile = directory.appendingPathComponent(".lock")
        let descriptor = lockFile.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.directory = directory
        self.descriptor = LockedState(descriptor)
    }

    /// Gives the claim up; later calls do nothing.
    package func release() {
        guard let descriptor = descriptor.withLock({ value -> Int32? in
            defer { value = nil }
            return value
        }) else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    deinit {
        release()
    }
}
