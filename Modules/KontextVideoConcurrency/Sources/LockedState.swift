import Foundation

/// A value guarded by a lock, for the few reference types below the facade that are
/// touched from several isolation domains (the event stream, clocks, test doubles).
/// `Synchronization.Mutex` would do, but it needs iOS 18; this works on the package's floors.
public final class LockedState<Value>: @unchecked Sendable {
    // `withLock` is inlinable, so each caller's module specializes it for its own state and
    // closure: every event, wake-up and outcome goes through it. `public` for that alone (see
    // `Waiters`): its members stay `package`.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// Guards `value`.
    @inlinable package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    @inlinable package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    @inlinable package var snapshot: Value {
        withLock { $0 }
    }
}
