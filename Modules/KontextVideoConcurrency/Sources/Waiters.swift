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

    /// The task that started waiting first, kept inline: most lists hold one waiter (a request's
    /// caller, a load's), and an array would allocate for it.
    @usableFromInline var first: Waiter<Value, Tag>?
    /// The others, in the order they started waiting (ids only grow); lists are short, so scans
    /// are cheap. Empty whenever `first` is `nil`.
    @usableFromInline var rest: [Waiter<Value, Tag>] = []
    @usableFromInline var nextID: UInt64 = 0

    /// An empty list.
    @inlinable package init() {}

    /// Whether no task waits.
    @inlinable package var isEmpty: Bool { first == nil }

    /// How many tasks wait.
    @inlinable package var count: Int { first == nil ? 0 : 1 + rest.count }

    /// The tags of every waiting task, in the order they started waiting.
    package var tags: [Tag] { map(\.tag) }

    /// Takes every waiter out of the list, in the order they started waiting (iterate the result).
    @inlinable @inline(__always) package mutating func removeAll() -> Waiters<Value, Tag> {
        var taken = Waiters()
        swap(&taken.first, &first)
        swap(&taken.rest, &rest)
        return taken
    }

    /// Takes out the waiter that started waiting first.
    @inlinable @inline(__always) package mutating func removeFirst() -> Waiter<Value, Tag>? {
        guard let taken = first else { return nil }
        // `remove(at:)` is Array's own; `removeFirst()` is RangeReplaceableCollection's default,
        // which stayed generic here (a quarter of queueing an event on the main actor, under `perf`).
        first = rest.isEmpty ? nil : rest.remove(at: 0)
        return taken
    }

    /// Takes out the waiter that `isOrderedBefore` puts first among those `isIncluded` accepts;
    /// ties go to the one that started waiting first.
    package mutating func removeFirst(
        where isIncluded: (Tag) -> Bool,
        by isOrderedBefore: (Tag, Tag) -> Bool
    ) -> Waiter<Value, Tag>? {
        guard let head = first else { return nil }
        // -1 stands for `first`, 0... for `rest`.
        var best: (index: Int, tag: Tag)? = isIncluded(head.tag) ? (-1, head.tag) : nil
        for index in rest.indices where isIncluded(rest[index].tag) {
            if let current = best, !isOrderedBefore(rest[index].tag, current.tag) { continue }
            best = (index, rest[index].tag)
        }
        guard let best else { return nil }
        return best.index < 0 ? removeFirst() : rest.remove(at: best.index)
    }

    @inlinable mutating func reserveID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    @inlinable mutating func insert(_ waiter: Waiter<Value, Tag>) {
        if first == nil { first = waiter } else { rest.append(waiter) }
    }

    @inlinable mutating func remove(id: UInt64) -> Waiter<Value, Tag>? {
        if first?.id == id { return removeFirst() }
        return rest.firstIndex { $0.id == id }.map { rest.remove(at: $0) }
    }
}

extension Waiters: Sequence {
    /// The waiters in the order they started waiting.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var first: Waiter<Value, Tag>?
        @usableFromInline var rest: IndexingIterator<[Waiter<Value, Tag>]>

        @inlinable init(first: Waiter<Value, Tag>?, rest: [Waiter<Value, Tag>]) {
            self.first = first
            self.rest = rest.makeIterator()
        }

        /// The next waiter.
        /// - Returns: The waiter that started waiting next, or `nil` after the last.
        @inlinable public mutating func next() -> Waiter<Value, Tag>? {
            if let taken = first {
                first = nil
                return taken
            }
            return rest.next()
        }
    }

    /// Iterates the waiters.
    /// - Returns: An iterator over the waiters in the order they started waiting.
    @inlinable public func makeIterator() -> Iterator {
        Iterator(first: first, rest: rest)
    }

    /// How many tasks wait.
    @inlinable public var underestimatedCount: Int { count }
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
///
/// Its continuation is unchecked: a checked one allocates a canary per wait (two for every ad
/// request and load). Exactly once holds by construction: a waiter is resumed only by whoever took
/// it out of its list under the lock (the settler, or the cancellation handler), or at once by
/// `wait` when it never went in; `WaitersTests` pin both races.
public struct Waiter<Value: Sendable, Tag: Sendable>: Sendable {
    @usableFromInline let id: UInt64
    /// What the task said about itself when it started waiting (a deadline, for example).
    @usableFromInline package let tag: Tag
    @usableFromInline let continuation: UnsafeContinuation<Value, any Error>

    @inlinable init(id: UInt64, tag: Tag, continuation: UnsafeContinuation<Value, any Error>) {
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
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value.WaitResult, any Error>) in
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
