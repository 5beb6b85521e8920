import KontextVideoConcurrency

/// Work the first caller of `format()` or `load()` starts once it left the main actor: an ad
/// request's, or a creative's preparation.
protocol OffMainActorLaunch: Sendable {
    /// Starts the work from a task of its own, as the producer of the outcome the callers await.
    func start()
}

/// Leaves the main actor, starts `launch` there (only the first caller has one), and waits there
/// for `outcome`, as a bare `URLSession` call awaited from the main actor would: the caller comes
/// back once, and the main thread makes no task, continuation or cancellation handler for it. A
/// cancelled caller stops waiting alone; the work goes on.
///
/// Off the caller's actor because a `nonisolated` async function runs there in the language mode
/// the package builds with; `@concurrent` would say so, but it needs Swift 6.2 and the package
/// promises 6.0 (were `NonisolatedNonsendingByDefault` ever turned on, mark it so). The launch is
/// consumed, so it is freed off the main actor too.
nonisolated func awaitOffMainActor<Value: Sendable, Launch: OffMainActorLaunch>(
    _ outcome: OnceOutcome<Value>, launching launch: consuming Launch?
) async throws -> Value {
    launch?.start()
    return try await outcome.value()
}
