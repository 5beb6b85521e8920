import Foundation

extension NSLock {
    /// Runs `body` holding the lock. (`NSLocking.withLock` needs iOS 17 / macOS 14 on Apple platforms.)
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
