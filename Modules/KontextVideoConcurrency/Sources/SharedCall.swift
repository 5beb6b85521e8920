/// One piece of work shared by every caller that asks for it while it runs: an ad request
/// (`format()`) or a creative's load (`load()`). The protocol, whose races `SharedCallTests` holds
/// one row each:
///
/// - **The first caller starts it, everyone waits once.** Each caller leaves the main actor and
///   waits there, as a bare `URLSession` call awaited from the main actor does: the main thread
///   makes no task, continuation or cancellation handler for it, and resumes each caller once. The
///   first caller starts the work from there (`SharedCallWork`), in a task of its own, at its
///   priority.
/// - **The first caller back makes the outcome**, from the work's answer, once; every caller, and
///   every later one, gets that outcome.
/// - **A caller's cancellation is its own:** it stops waiting with `CancellationError`; the work
///   goes on and its outcome is kept for the next caller.
/// - **Nobody waiting:** when every caller stopped waiting before the answer came, the work comes
///   back to the main actor and makes the outcome itself (`SharedCallWork.outcome(of:)`).
/// - **Settled some other way** (`settle(_:)`: a time-out, the owner destroyed): every waiting
///   caller wakes to that outcome, and what the work answers later changes nothing.
/// - **`cancelWork()`** cancels the work, or, if it has not started yet, as it starts.
///
/// Its cost on the main thread, per call: this object and the answer's lock (two allocations), a
/// lock taken to wait and one to settle. Each caller's wait is one hop off the main actor and one
/// back. A `public` type with `package` members, for the same reason as `OnceOutcome`: the caller's
/// module specializes it.
@MainActor
public final class SharedCall<Answer: Sendable, Outcome: Sendable> {
    /// The work's answer, its failure included: settled once, from any thread; its producer is the
    /// work, for `cancelWork()`. Waiting on it throws only the waiter's own cancellation (a work
    /// that fails with `CancellationError` is a failure like any other), or what `settle(_:)` wakes
    /// the waiters with.
    @usableFromInline nonisolated let workAnswer = OnceOutcome<Result<Answer, any Error>>()
    /// What every caller gets, once made.
    @usableFromInline var settled: Result<Outcome, any Error>?

    /// A call nobody waits for yet, its work not started.
    @inlinable package init() {}

    /// The outcome every caller gets, once the call settled.
    @inlinable package var outcome: Result<Outcome, any Error>? { settled }

    /// Waits for the outcome: off the main actor until the work answers (or the call settles), then
    /// back on it, once. The first caller passes the work, started once it left the main actor; the
    /// others pass `nil`. A call settled already returns its outcome at once.
    ///
    /// - Parameters:
    ///   - work: The work to start, from the first caller only.
    ///   - makeOutcome: What the work's answer becomes; run by the first caller back only.
    /// - Returns: The call's outcome, the same for every caller.
    /// - Throws: `CancellationError` when this caller's task is cancelled before the answer came:
    ///   only this caller stops waiting.
    @inlinable package func join<Work: SharedCallWork>(
        starting work: consuming Work?,
        outcome makeOutcome: (Result<Answer, any Error>) -> Result<Outcome, any Error>
    ) async throws(CancellationError) -> Result<Outcome, any Error> where Work.Answer == Answer, Work.Outcome == Outcome {
        if let settled { return settled }
        let answered: Result<Answer, any Error>
        do {
            answered = try await Self.wait(for: self, starting: work)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Settled before the work answered: `settle` returns that outcome.
            answered = .failure(error)
        }
        // What woke this caller is handed on, not read again under the answer's lock.
        return settle(makeOutcome(answered))
    }

    /// Gives the work's answer to the waiting callers, from any thread.
    ///
    /// - Parameter answered: What the work gave, or why it failed.
    /// - Returns: Whether a caller was waiting to hear it; when none was, the caller of this makes
    ///   the outcome (`settleUnheard(_:)`), so the next caller finds it.
    @inlinable @discardableResult package nonisolated func answer(_ answered: Result<Answer, any Error>) -> Bool {
        workAnswer.finish(.success(answered)) > 0
    }

    /// Makes the outcome from the work's answer when no caller did: every caller stopped waiting
    /// before it came. Does nothing once settled, or before the answer.
    ///
    /// - Parameter makeOutcome: What the work's answer becomes.
    @inlinable package func settleUnheard(_ makeOutcome: (Result<Answer, any Error>) -> Result<Outcome, any Error>) {
        guard settled == nil, case .success(let answered)? = workAnswer.outcome else { return }
        settle(makeOutcome(answered))
    }

    /// `settleUnheard(_:)` with the work's own `outcome(of:)`.
    @inlinable func settleUnheard<Work: SharedCallWork>(by work: Work) where Work.Answer == Answer, Work.Outcome == Outcome {
        settleUnheard { work.outcome(of: $0) }
    }

    /// Settles the call with `outcome`, unless it was settled already, and wakes every waiting
    /// caller to it.
    ///
    /// - Parameter outcome: The outcome, made only if the call has none yet. Making it may settle
    ///   the call itself (a load settles through the ad's lifecycle): the first outcome stays.
    /// - Returns: The call's outcome.
    @inlinable @discardableResult package func settle(_ outcome: @autoclosure () -> Result<Outcome, any Error>) -> Result<Outcome, any Error> {
        if let settled { return settled }
        let made = outcome()
        if let settled { return settled }
        settled = made
        // Wakes the callers still waiting (none once the work answered): each finds the outcome.
        workAnswer.finish(.failure(SettledBeforeTheAnswer()))
        return made
    }

    /// Keeps `task`, work started on the main actor that will answer or settle the call, for
    /// `cancelWork()`; cancels it at once if that came first.
    ///
    /// - Parameter task: The work.
    @inlinable package func setWork(_ task: Task<Void, Never>) {
        workAnswer.setProducer(task)
    }

    /// Cancels the work, and the work started later (the first caller may not have started it yet).
    @inlinable package func cancelWork() {
        workAnswer.cancelProducer()
    }

    /// Leaves the main actor (a `nonisolated` async function runs off the caller's actor in the
    /// language mode the package builds with; `@concurrent` would say so, but it needs Swift 6.2 and
    /// the package promises 6.0; were `NonisolatedNonsendingByDefault` ever turned on, mark it so),
    /// starts `work` there and waits for the answer. The work is consumed, so it is freed off the
    /// main actor too.
    @inlinable nonisolated static func wait<Work: SharedCallWork>(
        for call: SharedCall, starting work: consuming Work?
    ) async throws -> Result<Answer, any Error> where Work.Answer == Answer, Work.Outcome == Outcome {
        if let work { start(work, for: call) }
        return try await call.workAnswer.value()
    }

    /// Runs `work` from a task of its own, at the caller's priority, so that the caller's
    /// cancellation stops only its own wait; the task is the answer's producer, for `cancelWork()`.
    /// Captures are strong (a weak one costs a box and a side table): the task ends with the work.
    @inlinable nonisolated static func start<Work: SharedCallWork>(_ work: Work, for call: SharedCall)
    where Work.Answer == Answer, Work.Outcome == Outcome {
        call.workAnswer.setProducer(Task.detached(priority: Task.currentPriority) {
            let answered: Result<Answer, any Error>
            do {
                answered = .success(try await work.run())
            } catch {
                answered = .failure(error)
            }
            if !call.answer(answered) { await call.settleUnheard(by: work) }
        })
    }
}

/// What wakes the callers of a call settled before its work answered: never an outcome (each
/// caller finds the call's own).
@usableFromInline struct SettledBeforeTheAnswer: Error {
    @usableFromInline init() {}
}

/// The work of a `SharedCall`, made on the main actor by its first caller and started by it once it
/// left the main actor.
public protocol SharedCallWork: Sendable {
    /// What the work gives.
    associatedtype Answer: Sendable
    /// What its answer becomes for the callers.
    associatedtype Outcome: Sendable

    /// Does the work, off the main actor.
    ///
    /// - Returns: The answer.
    /// - Throws: Why the work failed; it honours cancellation (`SharedCall.cancelWork()`).
    func run() async throws -> Answer

    /// What `answer` becomes, made on the main actor when no caller waited to hear it (the same as
    /// the callers' own `makeOutcome`).
    ///
    /// - Parameter answer: The work's answer.
    /// - Returns: The call's outcome.
    @MainActor func outcome(of answer: Result<Answer, any Error>) -> Result<Outcome, any Error>
}
