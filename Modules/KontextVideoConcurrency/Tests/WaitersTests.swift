import Testing
@testable import KontextVideoConcurrency

@Suite("Waiters and LockedState.wait")
struct WaitersTests {
    private struct Gate: HasWaiters {
        var isOpen = false
        var waiters = Waiters<Int, Void>()
    }

    @Test func returnsAtOnceWhenReadyUnderTheLock() async throws {
        let state = LockedState(Gate(isOpen: true))
        let value = try await state.wait { $0.isOpen ? .success(7) : nil }
        #expect(value == 7)
        #expect(state.withLock { $0.waiters.isEmpty })
    }

    @Test func suspendsUntilResumedOutsideTheLock() async throws {
        let state = LockedState(Gate())
        let waiting = Task { try await state.wait { $0.isOpen ? .success(0) : nil } }
        while state.withLock({ $0.waiters.count }) == 0 { await Task.yield() }
        let woken = state.withLock { gate -> [Waiter<Int, Void>] in
            gate.isOpen = true
            return gate.waiters.removeAll()
        }
        #expect(woken.count == 1)
        for waiter in woken { waiter.resume(with: .success(42)) }
        #expect(try await waiting.value == 42)
    }

    @Test func aCancelledWaiterLeavesTheListWithCancellationError() async {
        let state = LockedState(Gate())
        let waiting = Task { try await state.wait { _ in nil } }
        while state.withLock({ $0.waiters.count }) == 0 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(state.withLock { $0.waiters.isEmpty })
    }

    @Test func aTaskCancelledBeforeItWaitsNeverJoinsTheList() async {
        let state = LockedState(Gate())
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await state.wait { _ in nil }
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(state.withLock { $0.waiters.isEmpty })
    }

    @Test func removeFirstServesInArrivalOrderAndByTag() {
        var list = Waiters<Void, Int>()
        // Waiters are only made by `wait`; the ordering rules are checked on the list itself.
        #expect(list.removeFirst() == nil)
        #expect(list.removeFirst(where: { _ in true }, by: <) == nil)
        #expect(list.isEmpty)
    }

    @Test func earliestTagIsTakenFirstTiesInArrivalOrder() async throws {
        struct Sleepers: HasWaiters { var waiters = Waiters<String, Int>() }
        let state = LockedState(Sleepers())
        let late = Task { try await state.wait(tag: 5) }
        while state.withLock({ $0.waiters.count }) < 1 { await Task.yield() }
        let firstEarly = Task { try await state.wait(tag: 2) }
        while state.withLock({ $0.waiters.count }) < 2 { await Task.yield() }
        let secondEarly = Task { try await state.wait(tag: 2) }
        while state.withLock({ $0.waiters.count }) < 3 { await Task.yield() }

        #expect(state.withLock { $0.waiters.tags.sorted() } == [2, 2, 5])
        let order = ["a", "b", "c"]
        for name in order {
            let next = state.withLock { $0.waiters.removeFirst(where: { $0 <= 5 }, by: <) }
            next?.resume(with: .success(name))
        }
        #expect(try await firstEarly.value == "a")
        #expect(try await secondEarly.value == "b")
        #expect(try await late.value == "c")
        #expect(state.withLock { $0.waiters.removeFirst(where: { _ in true }, by: <) } == nil)
    }
}

@Suite("OnceOutcome")
struct OnceOutcomeTests {
    @Test func theFirstFinishWinsForEveryWaiter() async throws {
        let outcome = OnceOutcome<Int>()
        let first = Task { try await outcome.value() }
        let second = Task { try await outcome.value() }
        outcome.finish(.success(1))
        outcome.finish(.success(2))
        #expect(try await first.value == 1)
        #expect(try await second.value == 1)
        #expect(try outcome.outcome?.get() == 1)
    }

    @Test func aCancelledWaiterLeavesTheOutcomeToTheOthers() async throws {
        let outcome = OnceOutcome<String>()
        let cancelled = Task { try await outcome.value() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        outcome.finish(.success("kept"))
        #expect(try await outcome.value() == "kept")
    }
}

extension Waiters {
    /// How many tasks wait (what the tests read of the list; the SDK only takes waiters out).
    var count: Int { entries.count }

    /// Whether no task waits.
    var isEmpty: Bool { entries.isEmpty }
}
