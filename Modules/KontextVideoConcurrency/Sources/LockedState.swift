#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock, for the few reference types below the facade that are
/// touched from several isolation domains (the event stream, clocks, test doubles).
/// `Synchronization.Mutex` would do, but it needs iOS 18; this works on the package's floors.
///
/// A value with reference semantics: copies share one value and one lock. Both live in a
/// single allocation (`LockedStorage`), where `NSLock` cost three (the state's object, the lock's,
/// and the mutex Foundation allocates for it on Linux): every ad request and load makes two.
public struct LockedState<Value>: @unchecked Sendable {
    // `withLock` is inlinable, so each caller's module specializes it for its own state and
    // closure: every event, wake-up and outcome goes through it. `public` for that alone (see
    // `Waiters`): its members stay `package`.
    @usableFromInline let storage: LockedStorage<Value>

    /// Guards `value`.
    @inlinable package init(_ value: Value) {
        storage = LockedStorage.make(holding: value)
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    @inlinable package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// A copy of the current value.
    @inlinable package var snapshot: Value {
        withLock { $0 }
    }
}

/// The one allocation behind a `LockedState`: the value as the buffer's header, the mutex as its
/// one element, at an address that never moves (a mutex must not be moved once initialized).
/// `pthread_mutex_t` on every platform, Darwin included, as `NSLock` is there.
public final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// A storage holding `value`, its mutex initialized.
    @inlinable static func make(holding value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { mutex in
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            return value
        }
        return unsafeDowncast(buffer, to: LockedStorage<Value>.self)
    }

    deinit {
        // The header (the value) is a stored property of `ManagedBuffer`, destroyed with it; the
        // element is raw memory, so the mutex is destroyed here.
        _ = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
    }
}
