import Foundation

/// A value guarded by a lock, for the few reference types below the facade that are
/// touched from several isolation domains (the event stream, clocks, test doubles).
/// `Synchronization.Mutex` would do, but it needs iOS 18; this works on the package's floors.
package final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var snapshot: Value {
        withLock { $0 }
    }
}
