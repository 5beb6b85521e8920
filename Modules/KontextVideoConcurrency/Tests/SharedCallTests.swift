import Testing
@testable import KontextVideoConcurrency

/// `SharedCall`'s races, one row each: callers joining, cancelled before, while and after they
/// wait; the work answering or failing with several callers, one or none waiting; the call settled
/// some other way (a time-out, `destroy()`), before and while the work runs; the work cancelled
/// before it exists. `format()` and `load()` are both callers of it.
@Suite("SharedCall")
@MainActor
struct SharedCallTests {
    /// What the work did, from any thread.
    final class WorkLog: Sendable {
        /// Opened by the test: what the work answers.
        let gate = OnceOutcome<Int>()
        /// How many times the work started.
        let started = LockedState(0)
        /// One entry per run of the work, once its gate opened: whether its task was cancelled by
        /// then (cancellation sticks; read at the start, it would race with `setProducer`).
        let runs = LockedState<[Bool]>([])
        /// Who made the call's outcome from the work's answer: "caller" or "work".
        let madeBy = LockedState<[String]>([])
    }

    /// Work that waits for the test's gate (whether or not it is cancelled), then answers with it.
    struct GatedWork: SharedCallWork {
        let log: WorkLog

        func run() async throws -> Int {
            log.started.withLock { $0 += 1 }
            // Its own task, which does not inherit the work's cancellation: the gate decides.
            let gate = log.gate
            let opened = await Task { try await gate.value() }.result
            log.runs.withLock { $0.append(Task.isCancelled) }
            return try opened.get()
        }

        func outcome(of answer: Result<Int, any Error>) -> Result<String, any Error> {
            log.madeBy.withLock { $0.append("work") }
            return answer.map { "answer \($0)" }
        }
    }

    struct Failed: Error {}

    enum Step: Sendable, CustomStringConvertible {
        /// Caller n joins and waits (the first caller brings the work).
        case join(Int)
        /// Caller n joins from a task cancelled before it did.
        case joinCancelled(Int)
        /// Caller n's task is cancelled (while it waits, or after it returned).
        case cancel(Int)
        /// The work answers.
        case answer(Int)
        /// The work fails.
        case fail
        /// The work fails with `CancellationError` (as work cancelled by its owner does).
        case failCancelled
        /// The owner settles the call (a time-out, `destroy()`).
        case settle(String)
        /// The owner cancels the work (`destroy()`, the ad ended).
        case cancelWork

        var description: String {
            switch self {
            case .join(let n): "join \(n)"
            case .joinCancelled(let n): "join \(n) cancelled"
            case .cancel(let n): "cancel \(n)"
            case .answer(let value): "answer \(value)"
            case .fail: "fail"
            case .failCancelled: "fail cancelled"
            case .settle(let outcome): "settle \(outcome)"
            case .cancelWork: "cancel work"
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        /// What each caller got: the outcome, "error", or "cancelled" (it threw `CancellationError`).
        let callers: [Int: String]
        /// Who made the outcome from the work's answer (none when the call was settled otherwise).
        let madeBy: [String]
        /// Each run of the work: whether it was cancelled (before it started, or while it ran).
        let runs: [Bool]
        /// The call's outcome at the end.
        let outcome: String?

        var testDescription: String { name }
    }

    nonisolated static let rows: [Row] = [
        Row(name: "one caller: it starts the work and makes the outcome",
            steps: [.join(1), .answer(7)],
            callers: [1: "answer 7"], madeBy: ["caller"], runs: [false], outcome: "answer 7"),
        Row(name: "several callers, one cancelled: it stops alone; the others share one run and one outcome",
            steps: [.join(1), .join(2), .join(3), .cancel(2), .answer(7)],
            callers: [1: "answer 7", 2: "cancelled", 3: "answer 7"], madeBy: ["caller"], runs: [false], outcome: "answer 7"),
        Row(name: "the work fails: every caller gets the failure",
            steps: [.join(1), .join(2), .fail],
            callers: [1: "error", 2: "error"], madeBy: ["caller"], runs: [false], outcome: "error"),
        Row(name: "cancelled before it joined: the work it started goes on, and makes the outcome with nobody waiting",
            steps: [.joinCancelled(1), .answer(7), .join(2)],
            callers: [1: "cancelled", 2: "answer 7"], madeBy: ["work"], runs: [false], outcome: "answer 7"),
        Row(name: "cancelled while it waits: the work goes on; the next caller gets its outcome without a second run",
            steps: [.join(1), .cancel(1), .answer(7), .join(2)],
            callers: [1: "cancelled", 2: "answer 7"], madeBy: ["work"], runs: [false], outcome: "answer 7"),
        Row(name: "cancelled after it settled: a caller has the outcome all the same",
            steps: [.join(1), .answer(7), .cancel(1), .joinCancelled(2)],
            callers: [1: "answer 7", 2: "answer 7"], madeBy: ["caller"], runs: [false], outcome: "answer 7"),
        Row(name: "settled while callers wait (a time-out): each wakes to it; the answer later changes nothing",
            steps: [.join(1), .join(2), .settle("time-out"), .answer(7)],
            callers: [1: "time-out", 2: "time-out"], madeBy: [], runs: [false], outcome: "time-out"),
        Row(name: "settled with nobody waiting, the work running: the next caller gets it; the answer changes nothing",
            steps: [.join(1), .cancel(1), .settle("time-out"), .answer(7), .join(2)],
            callers: [1: "cancelled", 2: "time-out"], madeBy: [], runs: [false], outcome: "time-out"),
        Row(name: "the work cancelled fails with CancellationError: its callers are not cancelled, they get the failure",
            steps: [.join(1), .join(2), .cancelWork, .failCancelled],
            callers: [1: "error", 2: "error"], madeBy: ["caller"], runs: [true], outcome: "error"),
        Row(name: "settled before anyone joined: no work starts",
            steps: [.settle("destroyed"), .join(1)],
            callers: [1: "destroyed"], madeBy: [], runs: [], outcome: "destroyed"),
        Row(name: "the work cancelled before it exists: it starts cancelled; the caller hears what the owner settles",
            steps: [.cancelWork, .join(1), .settle("destroyed"), .answer(7)],
            callers: [1: "destroyed"], madeBy: [], runs: [true], outcome: "destroyed"),
        Row(name: "the work cancelled while it runs: it sees it; the caller hears what the owner settles",
            steps: [.join(1), .cancelWork, .settle("destroyed"), .answer(7)],
            callers: [1: "destroyed"], madeBy: [], runs: [true], outcome: "destroyed"),
    ]

    @Test(arguments: rows)
    func race(_ row: Row) async throws {
        let driver = Driver()
        for step in row.steps {
            try await driver.run(step)
        }
        var got: [Int: String] = [:]
        for (n, caller) in driver.callers { got[n] = await caller.value }
        #expect(got == row.callers)
        #expect(driver.log.madeBy.snapshot == row.madeBy)
        #expect(driver.log.runs.snapshot == row.runs)
        #expect(driver.call.outcome.map(Driver.describe) == row.outcome)
    }

    /// Runs the steps of a row against one call, each caller in a task of its own.
    @MainActor
    final class Driver {
        let call = SharedCall<Int, String>()
        let log = WorkLog()
        private(set) var callers: [Int: Task<String, Never>] = [:]
        /// The callers known to wait.
        private var waiting: Set<Int> = []
        private var workGiven = false

        static func describe(_ outcome: Result<String, any Error>) -> String {
            (try? outcome.get()) ?? "error"
        }

        func run(_ step: Step) async throws {
            switch step {
            case .join(let n):
                let settled = call.outcome != nil
                let bringsWork = startCaller(n, cancelled: false)
                guard !settled else { return }
                waiting.insert(n)
                try await yield(until: { waiterCount == waiting.count && (!bringsWork || log.started.snapshot == 1) }, "\(step)")
            case .joinCancelled(let n):
                let bringsWork = startCaller(n, cancelled: true)
                _ = await callers[n]?.value
                if bringsWork { try await yield(until: { log.started.snapshot == 1 }, "\(step): the work started") }
            case .cancel(let n):
                callers[n]?.cancel()
                _ = await callers[n]?.value
                waiting.remove(n)
            case .answer(let value):
                log.gate.finish(.success(value))
                try await wokenAndWorkDone()
            case .fail:
                log.gate.finish(.failure(Failed()))
                try await wokenAndWorkDone()
            case .failCancelled:
                log.gate.finish(.failure(CancellationError()))
                try await wokenAndWorkDone()
            case .settle(let outcome):
                call.settle(.success(outcome))
                for n in waiting { _ = await callers[n]?.value }
                waiting.removeAll()
            case .cancelWork:
                call.cancelWork()
            }
        }

        /// Starts caller `n`'s task (the first caller brings the work); returns whether it brought it.
        private func startCaller(_ n: Int, cancelled: Bool) -> Bool {
            let work = workGiven ? nil : GatedWork(log: log)
            workGiven = true
            let (call, log) = (call, log)
            callers[n] = Task { @MainActor in
                if cancelled { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    let outcome = try await call.join(starting: work) { answer in
                        log.madeBy.withLock { $0.append("caller") }
                        return answer.map { "answer \($0)" }
                    }
                    return Self.describe(outcome)
                } catch {
                    return "cancelled"
                }
            }
            return work != nil
        }

        /// The waiting callers woke and returned, and the work's task ended (it may come back to
        /// the main actor to make the outcome itself).
        private func wokenAndWorkDone() async throws {
            for n in waiting { _ = await callers[n]?.value }
            waiting.removeAll()
            if let producer = call.workAnswer.state.withLock({ $0.producer }) {
                await producer.value
            } else {
                // Cancelled, so no longer held: its run is done once it recorded itself.
                try await yield(until: { log.runs.snapshot.count == log.started.snapshot }, "the cancelled work's end")
            }
        }

        private var waiterCount: Int {
            call.workAnswer.state.withLock { $0.waiters.count }
        }

        private func yield(until condition: () -> Bool, _ what: String) async throws {
            for _ in 0..<20_000 where !condition() { await Task.yield() }
            try #require(condition(), "\(what): never came")
        }
    }
}
