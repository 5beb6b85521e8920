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
            return Array(gate.waiters.removeAll())
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

    /// Three tasks waiting, tagged with the order they arrived in.
    private static func threeWaiting() async -> (LockedState<Sleepers>, [Task<Int, any Error>]) {
        let state = LockedState(Sleepers())
        var tasks: [Task<Int, any Error>] = []
        for arrival in 1...3 {
            tasks.append(Task { try await state.wait(tag: arrival) })
            while state.withLock({ $0.waiters.count }) < arrival { await Task.yield() }
        }
        return (state, tasks)
    }

    private struct Sleepers: HasWaiters { var waiters = Waiters<Int, Int>() }

    @Test func removeAllHandsOverEveryWaiterInArrivalOrderAndEmptiesTheList() async throws {
        let (state, tasks) = await Self.threeWaiting()
        let woken = state.withLock { $0.waiters.removeAll() }
        #expect(woken.count == 3)
        #expect(woken.map(\.tag) == [1, 2, 3])
        #expect(state.withLock { $0.waiters.isEmpty && $0.waiters.count == 0 })
        for waiter in woken { waiter.resume(with: .success(waiter.tag * 10)) }
        for (index, task) in tasks.enumerated() { #expect(try await task.value == (index + 1) * 10) }
    }

    @Test func theFirstWaiterCancelledLeavesTheOthersInArrivalOrder() async throws {
        let (state, tasks) = await Self.threeWaiting()
        tasks[0].cancel()
        await #expect(throws: CancellationError.self) { try await tasks[0].value }
        #expect(state.withLock { $0.waiters.tags } == [2, 3])
        // The second became the first: `removeFirst` takes it, then the third.
        state.withLock { $0.waiters.removeFirst() }?.resume(with: .success(20))
        #expect(state.withLock { $0.waiters.tags } == [3])
        state.withLock { $0.waiters.removeFirst() }?.resume(with: .success(30))
        #expect(try await tasks[1].value == 20)
        #expect(try await tasks[2].value == 30)
        #expect(state.withLock { $0.waiters.removeFirst() } == nil)
    }

    @Test func aMiddleWaiterCancelledLeavesTheFirstInPlace() async throws {
        let (state, tasks) = await Self.threeWaiting()
        tasks[1].cancel()
        await #expect(throws: CancellationError.self) { try await tasks[1].value }
        #expect(state.withLock { $0.waiters.tags } == [1, 3])
        // The tag rule picks the first waiter itself when it is the earliest.
        state.withLock { $0.waiters.removeFirst(where: { _ in true }, by: <) }?.resume(with: .success(1))
        for waiter in state.withLock({ $0.waiters.removeAll() }) { waiter.resume(with: .success(3)) }
        #expect(try await tasks[0].value == 1)
        #expect(try await tasks[2].value == 3)
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

    /// A task that waits until it is cancelled, then says so.
    private static func waitingForCancellation(_ cancelled: OnceOutcome<Void>) -> Task<Void, Never> {
        Task {
            let forever = OnceOutcome<Void>()
            _ = try? await forever.value()
            cancelled.finish(.success(()))
        }
    }

    @Test func theProducerSetIsCancelledWithCancelProducer() async throws {
        let outcome = OnceOutcome<Int>()
        let cancelled = OnceOutcome<Void>()
        outcome.setProducer(Self.waitingForCancellation(cancelled))
        #expect(cancelled.outcome == nil)
        outcome.cancelProducer()
        try await cancelled.value()
    }

    @Test func aProducerSetAfterCancelProducerIsCancelledAsItArrives() async throws {
        let outcome = OnceOutcome<Int>()
        outcome.cancelProducer()
        let cancelled = OnceOutcome<Void>()
        outcome.setProducer(Self.waitingForCancellation(cancelled))
        try await cancelled.value()
    }
}
