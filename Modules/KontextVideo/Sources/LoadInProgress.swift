import KontextVideoConcurrency
import KontextVideoCreatives

/// One `load()` under way: what wakes its callers, how it ended, the consent macros the creative was
/// made with (they serve the tracking pixels too), and how to stop its work and its
/// time-out. One reference on the ad while loading, none after: a held ad carries no load state.
///
/// Each caller waits once on `progress`, off the main actor, and comes back to it once, either with what the
/// renderer prepared off the main actor (the first caller back hands it to the renderer,
/// `VideoAd.takePrepared(_:of:)`) or once the load was settled some other way (a renderer
/// that loads on the main actor, the time-out, the ad invalidated or destroyed). Then it returns or
/// throws `result`. A caller whose task is cancelled stops waiting with `CancellationError`; the
/// load goes on, and the next caller gets its result.
@MainActor
final class LoadInProgress {
    /// Wakes every waiting caller, once. Its producer is the load's work (off the main actor,
    /// started there by its first caller; or the renderer's own load on it), until it finished.
    nonisolated let progress = OnceOutcome<LoadProgress>()
    /// How the load ended, once it did: set before `progress` wakes anyone for it.
    private(set) var result: Result<Void, any Error>?
    /// The consent macros the creative was made with (`nil` for an image or a page): a linear
    /// ad's tracking pixels carry them too. Only they, not the whole context, whose copy and
    /// release were main-thread work for every load.
    let macros: LazyVASTMacroContext?
    /// The load's time-out in the runtime's load timer.
    var timeout: (timer: DeadlineTimer, ticket: DeadlineTimer.Ticket)?

    init(macros: LazyVASTMacroContext?) {
        self.macros = macros
    }

    /// Ends the load with `result` and wakes its callers; later calls do nothing.
    func settle(_ result: Result<Void, any Error>) {
        guard self.result == nil else { return }
        self.result = result
        progress.finish(.success(.settled))
    }

    /// Cancels the load's work and its time-out; later calls do nothing.
    func cancel() {
        progress.cancelProducer()
        if let timeout { timeout.timer.cancel(timeout.ticket) }
        timeout = nil
    }
}

/// What the callers of one `load()` wake to.
enum LoadProgress: Sendable {
    /// The renderer's work off the main actor finished with this (`CreativePreparation`): the
    /// first caller back on the main actor hands it over. Wakes nobody when the load was settled first.
    case prepared(PreparedCreative)
    /// The load was settled (`LoadInProgress.result`).
    case settled
}

/// What a renderer's work off the main actor gave, in a box: every caller it wakes gets a
/// reference, not a copy of the result and the value inside it.
final class PreparedCreative: Sendable {
    /// What the work prepared, or why it failed.
    let result: Result<any Sendable, CreativeLoadError>

    init(result: Result<any Sendable, CreativeLoadError>) {
        self.result = result
    }
}
