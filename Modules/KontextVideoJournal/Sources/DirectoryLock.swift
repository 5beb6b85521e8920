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
        // A claimant that adopts or expires a queue removes its directory while holding the
        // lock; a lock taken on the file it removed would claim nothing, so it is taken again
        // on the file now at that path (a second try is enough: removal happens once).
        for _ in 0..<2 {
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
            guard Self.isStill(descriptor, at: lockFile) else {
                flock(descriptor, LOCK_UN)
                close(descriptor)
                continue
            }
            self.directory = directory
            self.descriptor = LockedState(descriptor)
            return
        }
        return nil
    }

    /// Whether the open file `descriptor` is the file at `url` (not one removed since it was opened).
    static func isStill(_ descriptor: Int32, at url: URL) -> Bool {
        var open = stat()
        var named = stat()
        let found = url.withUnsafeFileSystemRepresentation { path in path.map { stat($0, &named) == 0 } ?? false }
        return fstat(descriptor, &open) == 0 && found && open.st_ino == named.st_ino && open.st_dev == named.st_dev
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
