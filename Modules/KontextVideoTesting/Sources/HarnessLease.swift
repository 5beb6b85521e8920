import KontextVideoConcurrency

/// One holder's turn on `HarnessLock`, given back exactly once however often `release()` is
/// called (by `tearDown()`, `finish()`, the end of `run`, or the harness going away).
final class HarnessLease: Sendable {
    private let lock: HarnessLock
    private let held = LockedState(true)

    /// The turn `KontextVideoHarness.run` waited for, handed to the harness it creates: the
    /// harness's one initializer is public and synchronous, so it cannot wait for a turn itself.
    @TaskLocal static var handedToHarness: HarnessLease?

    /// The turn just taken on `lock`.
    init(lock: HarnessLock) {
        self.lock = lock
    }

    /// Whether the turn is still this holder's.
    var isHeld: Bool { held.snapshot }

    /// Gives the turn to the next harness; later calls do nothing.
    func release() {
        let wasHeld = held.withLock { held in
            defer { held = false }
            return held
        }
        if wasHeld { lock.release() }
    }
}
