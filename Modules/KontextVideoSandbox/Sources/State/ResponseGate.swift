import Foundation

/// Holds back responses until a test releases them: a deterministic "slow server".
///
/// ```swift
/// let gate = ResponseGate()
/// // … a handler answers `.held(gate, then: .respond(…))`, or `sandbox.hold(…)` returns a gate …
/// try await gate.waitUntilHeld()   // the request has arrived and is parked
/// gate.release()                   // now it is answered
/// ```
///
/// A released gate lets every response through at once, including later ones. Stopping the
/// server frees the parked connections (they are closed without an answer).
public final class ResponseGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var released = false
    private var held = 0
    private let waiters = AsyncWaiters()

    /// A closed gate.
    public init() {}

    /// Lets every response held here (now or later) go.
    public func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``release()`` was called.
    public var isReleased: Bool {
        condition.lock()
        defer { condition.unlock() }
        return released
    }

    /// How many responses reached this gate so far (held now, or held and since released).
    public var heldCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return held
    }

    /// Returns once at least `count` responses reached the gate.
    ///
    /// Throws `CancellationError` when the task is cancelled, or ``SandboxWaitError/timedOut(_:)``
    /// after 5 minutes of real time — a safety net against a hung test
    /// suite, never a way to wait for something.
    /// - Parameter count: How many responses to wait for; 1 by default.
    /// - Throws: `CancellationError` when the task is cancelled, ``SandboxWaitError/timedOut(_:)``
    ///   after 5 minutes of real time.
    public func waitUntilHeld(count: Int = 1) async throws {
        try await waiters.wait("\(count) response(s) held at a gate") { [self] in heldCount >= count }
    }

    /// Blocks the calling connection thread until released (`true`) or `isAborted()` (`false`).
    func block(isAborted: () -> Bool) -> Bool {
        condition.lock()
        held += 1
        condition.unlock()
        waiters.signal()
        condition.lock()
        defer { condition.unlock() }
        while !released {
            if isAborted() { return false }
            condition.wait()
        }
        return true
    }

    /// Wakes blocked threads so they look at their abort condition again.
    func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
