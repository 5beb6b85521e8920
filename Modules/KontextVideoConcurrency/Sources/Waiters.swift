/// Tasks suspended until something happens, kept inside the state a `LockedState` guards, so
/// "is it ready?" and "then wait" are one step under one lock.
///
/// Every suspension point of the SDK (the test clock's sleepers, foreground time, the delivery
/// loop's wake-up, a deadline's outcome, a request awaited by several callers, the harness's turn)
/// is this list plus `LockedState.wait(tag:unless:)`: a waiter is resumed exactly once, outside
/// the lock, and a cancelled task leaves the list with `CancellationError`.
///
/// ```swift
/// struct State: HasWaiters { var isOpen = false; var waiters = Waiters<Void, Void>() }
/// let state = LockedState(State())
/// // A task waits until the gate opens:
/// try await state.wait { $0.isOpen ? .success(()) : nil }
/// // Another opens it:
/// let woken = state.withLock { $0.isOpen = true; return $0.waiters.removeAll() }
/// for waiter in woken { waiter.resume() }
/// ```
public struct Waiters<Value: Sendable, Tag: Sendable>: Sendable {
    // The members a wake-up or a wait calls are inlinable, so the caller's module specializes
    // them: compiled here, generic over `Value` and `Tag`, every array operation went through
    // witness tables and metadata look-ups (a sixth of queueing an event on the main actor, under
    // `perf`). The type is `public`, its members `package`: Swift 6.3.1 specializes no inlinable
    // member of a `package` type in another module (a two-module package shows it: the client
    // calls the generic entry point), so until these were public every caller ran them generic.

    /// In the order they started waiting (ids only grow); lists are short, so scans are cheap.
    @usableFromInline var entries: [Waiter<Value, Tag>] = []
    @usableFromInline var nextID: UInt64 = 0

    /// An empty list.
    @inlinable package init() {}

    /// Whether no task waits.
    @inlinable package var isEmpty: Bool { entries.isEmpty }

    /// The tags of every waiting task, in the order they started waiting.
    package var tags: [Tag] { entries.map(\.tag) }

    /// Takes every waiter out of the list, in the order they started waiting.
    @inlinable @inline(__always) package mutating func removeAll() -> [Waiter<Value, Tag>] {
        defer { entries.removeAll() }
        return entries
    }

    /// Takes out the waiter that started waiting first.
    @inlinable @inline(__always) package mutating func removeFirst() -> Waiter<Value, Tag>? {
        // `remove(at:)` is Array's own; `removeFirst()` is RangeReplaceableCollection's default,
        // which stayed generic here (a quarter of queueing an event on the main actor, under `perf`).
        entries.isEmpty ? nil : entries.remove(at: 0)
    }

    /// Takes out the waiter that `isOrderedBefore` puts first among those `isIncluded` accepts;
    /// ties go to the one that started waiting first.
    package mutating func removeFirst(
        where isIncluded: (Tag) -> Bool,
        by isOrderedBefore: (Tag, Tag) -> Bool
    ) -> Waiter<Value, Tag>? {
        var best: Int?
        for index in entries.indices where isIncluded(entries[index].tag) {
            if let current = best, !isOrderedBefore(entries[index].tag, entries[current].tag) { continue }
            best = index
        }
        return best.map { entries.remove(at: $0) }
    }

    @inlinable mutating func reserveID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    @inlinable mutating func insert(_ waiter: Waiter<Value, Tag>) {
        entries.append(waiter)
    }

    @inlinable mutating func remove(id: UInt64) -> Waiter<Value, Tag>? {
        entries.firstIndex { $0.id == id }.map { entries.remove(at: $0) }
    }
}

/// A state guarded by a `LockedState` that has one list of waiting tasks: what
/// `LockedState.wait(tag:unless:)` suspends in. (A protocol rather than a key path: the waits sit
/// on hot paths, and a key path into a generic state is built again at every call.)
@usableFromInline package protocol HasWaiters: SendableMetatype {
    /// What a waiting task is woken with.
    associatedtype WaitResult: Sendable
    /// What a waiting task says about itself (a deadline, say), or `Void`.
    associatedtype WaitTag: Sendable
    /// The tasks waiting.
    var waiters: Waiters<WaitResult, WaitTag> { get set }
}

/// One suspended task, taken out of its `Waiters` list: resume it exactly once, outside the lock.
public struct Waiter<Value: Sendable, Tag: Sendable>: Sendable {
    @usableFromInline let id: UInt64
    /// What the task said about itself when it started waiting (a deadline, for example).
    @usableFromInline package let tag: Tag
    @usableFromInline let continuation: CheckedContinuation<Value, any Error>

    @inlinable init(id: UInt64, tag: Tag, continuation: CheckedContinuation<Value, any Error>) {
        self.id = id
        self.tag = tag
        self.continuation = continuation
    }

    /// Wakes the task with `error`.
    @inlinable package func resume(throwing error: any Error) {
        continuation.resume(throwing: error)
    }

    /// Wakes the task with `result`.
    @inlinable package func resume(with result: Result<Value, any Error>) {
        continuation.resume(with: result)
    }
}

extension Waiter where Value == Void {
    /// Wakes the task.
    @inlinable package func resume() {
        continuation.resume(returning: ())
    }
}

extension LockedState where Value: HasWaiters {
    /// Returns at once when `ready`, run under the lock, gives an outcome; otherwise suspends the
    /// calling task in the state's waiters (with `tag`) until whoever takes it out resumes it.
    /// A cancelled task leaves the list and throws `CancellationError`; so does one cancelled
    /// before it started waiting.
    @inlinable package func wait(
        tag: Value.WaitTag,
        unless ready: (inout Value) -> Result<Value.WaitResult, any Error>? = { _ in nil },
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Value.WaitResult {
        let id = withLock { $0.waiters.reserveID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value.WaitResult, any Error>) in
                let outcome: Result<Value.WaitResult, any Error>? = withLock { state in
                    if let outcome = ready(&state) { return outcome }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters.insert(Waiter(id: id, tag: tag, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            withLock { $0.waiters.remove(id: id) }?.resume(throwing: CancellationError())
        }
    }
}

extension LockedState where Value: HasWaiters, Value.WaitTag == Void {
    /// `wait(tag:unless:)` for waiters that carry no tag.
    @inlinable package func wait(
        unless ready: (inout Value) -> Result<Value.WaitResult, any Error>? = { _ in nil },
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Value.WaitResult {
        try await wait(tag: (), unless: ready)
    }
}
