/// Tasks suspended until something happens, kept inside the state a `LockedState` guards, so
/// "is it ready?" and "then wait" are one step under one lock.
///
/// Every suspension point of the SDK (the test clock's sleepers, foreground time, the delivery
/// loop's wake-up, a deadline's outcome, a request awaited by several callers, the harness's turn)
/// is this list plus `LockedState.wait(in:tag:unless:)`: a waiter is resumed exactly once, outside
/// the lock, and a cancelled task leaves the list with `CancellationError`.
///
/// ```swift
/// struct State { var isOpen = false; var waiters = Waiters<Void, Void>() }
/// let state = LockedState(State())
/// // A task waits until the gate opens:
/// try await state.wait(in: \.waiters) { $0.isOpen ? .success(()) : nil }
/// // Another opens it:
/// let woken = state.withLock { $0.isOpen = true; return $0.waiters.removeAll() }
/// for waiter in woken { waiter.resume(returning: ()) }
/// ```
package struct Waiters<Value: Sendable, Tag: Sendable>: Sendable {
    private var entries: [UInt64: Waiter<Value, Tag>] = [:]
    private var nextID: UInt64 = 0

    /// An empty list.
    package init() {}

    /// How many tasks wait.
    package var count: Int { entries.count }

    /// Whether no task waits.
    package var isEmpty: Bool { entries.isEmpty }

    /// The tags of every waiting task, in no particular order.
    package var tags: [Tag] { entries.values.map(\.tag) }

    /// Takes every waiter out of the list, in the order they started waiting.
    package mutating func removeAll() -> [Waiter<Value, Tag>] {
        defer { entries.removeAll() }
        return entries.values.sorted { $0.id < $1.id }
    }

    /// Takes out the waiter that started waiting first.
    package mutating func removeFirst() -> Waiter<Value, Tag>? {
        guard let first = entries.keys.min() else { return nil }
        return entries.removeValue(forKey: first)
    }

    /// Takes out the waiter that `isOrderedBefore` puts first among those `isIncluded` accepts;
    /// ties go to the one that started waiting first.
    package mutating func removeFirst(
        where isIncluded: (Tag) -> Bool,
        by isOrderedBefore: (Tag, Tag) -> Bool
    ) -> Waiter<Value, Tag>? {
        let candidates = entries.values.filter { isIncluded($0.tag) }
        guard let first = candidates.min(by: { lhs, rhs in
            if isOrderedBefore(lhs.tag, rhs.tag) { return true }
            if isOrderedBefore(rhs.tag, lhs.tag) { return false }
            return lhs.id < rhs.id
        }) else { return nil }
        return entries.removeValue(forKey: first.id)
    }

    fileprivate mutating func reserveID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    fileprivate mutating func insert(_ waiter: Waiter<Value, Tag>) {
        entries[waiter.id] = waiter
    }

    fileprivate mutating func remove(id: UInt64) -> Waiter<Value, Tag>? {
        entries.removeValue(forKey: id)
    }
}

/// One suspended task, taken out of its `Waiters` list: resume it exactly once, outside the lock.
package struct Waiter<Value: Sendable, Tag: Sendable>: Sendable {
    fileprivate let id: UInt64
    /// What the task said about itself when it started waiting (a deadline, for example).
    package let tag: Tag
    private let continuation: CheckedContinuation<Value, any Error>

    fileprivate init(id: UInt64, tag: Tag, continuation: CheckedContinuation<Value, any Error>) {
        self.id = id
        self.tag = tag
        self.continuation = continuation
    }

    /// Wakes the task with `value`.
    package func resume(returning value: Value) {
        continuation.resume(returning: value)
    }

    /// Wakes the task with `error`.
    package func resume(throwing error: any Error) {
        continuation.resume(throwing: error)
    }

    /// Wakes the task with `result`.
    package func resume(with result: Result<Value, any Error>) {
        continuation.resume(with: result)
    }
}

extension Waiter where Value == Void {
    /// Wakes the task.
    package func resume() {
        continuation.resume(returning: ())
    }
}

extension LockedState {
    /// Returns at once when `ready`, run under the lock, gives an outcome; otherwise suspends the
    /// calling task in the list at `waiters` (with `tag`) until whoever takes it out resumes it.
    /// A cancelled task leaves the list and throws `CancellationError`; so does one cancelled
    /// before it started waiting.
    package func wait<Result: Sendable, Tag: Sendable>(
        in waiters: any WritableKeyPath<Value, Waiters<Result, Tag>> & Sendable,
        tag: Tag,
        unless ready: (inout Value) -> Swift.Result<Result, any Error>? = { _ in nil },
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Result {
        let id = withLock { $0[keyPath: waiters].reserveID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                let outcome: Swift.Result<Result, any Error>? = withLock { state in
                    if let outcome = ready(&state) { return outcome }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state[keyPath: waiters].insert(Waiter(id: id, tag: tag, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            withLock { $0[keyPath: waiters].remove(id: id) }?.resume(throwing: CancellationError())
        }
    }

    /// `wait(in:tag:unless:)` for a list whose waiters carry no tag.
    package func wait<Result: Sendable>(
        in waiters: any WritableKeyPath<Value, Waiters<Result, Void>> & Sendable,
        unless ready: (inout Value) -> Swift.Result<Result, any Error>? = { _ in nil },
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Result {
        try await wait(in: waiters, tag: (), unless: ready)
    }
}
