import KontextVideoConcurrency

extension TestClock {
    /// Advances through every deadline until `task` finished, for work that sleeps an unknown
    /// number of times (retries, back-offs); gives up after `limit` deadlines and then waits.
    package func drive<Value: Sendable>(
        until task: Task<Value, Never>,
        limit: Int = 200,
        isolation: isolated (any Actor)? = #isolation
    ) async -> Value {
        let finished = LockedState(false)
        let watcher = Task {
            let result = await task.value
            finished.withLock { $0 = true }
            return result
        }
        for _ in 0..<limit {
            if finished.snapshot { break }
            await waitForSleepers(atLeast: 1)
            if finished.snapshot { break }
            await advanceToNextDeadline()
        }
        return await watcher.value
    }
}
