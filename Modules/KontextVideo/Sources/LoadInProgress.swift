import KontextVideoCreatives

/// One `load()` under way: its outcome (awaited by every caller), the context the creative was
/// made with (its consent macros serve the tracking pixels too), and how to stop its work and
/// its time-out. One reference on the ad while loading, none after: a held ad carries no load state.
@MainActor
final class LoadInProgress {
    /// Settled once, when the creative is ready, failed, or the ad ended first.
    let outcome: PendingOutcome<Void>
    /// What the creative was made with.
    let context: CreativeContext
    private var stop: (() -> Void)?

    init(outcome: PendingOutcome<Void>, context: CreativeContext, stop: @escaping () -> Void) {
        self.outcome = outcome
        self.context = context
        self.stop = stop
    }

    /// Cancels the load's work and its time-out; later calls do nothing.
    func cancel() {
        stop?()
        stop = nil
    }
}
