import KontextVideoConcurrency
import KontextVideoCreatives
import KontextVideoVAST

/// One `load()` under way: the call its callers share (`SharedCall`), the consent macros the
/// creative was made with (they serve the tracking pixels too), and its time-out. Held by the ad's
/// creative while it loads, none after: a loaded ad carries no load state.
///
/// Each caller waits once, off the main actor, and comes back to it once: with what the renderer
/// prepared off the main actor (the first caller back hands it to the renderer), or once the load
/// was settled some other way (a renderer that loads on the main actor, the time-out, the ad
/// invalidated or destroyed: the lifecycle's `settleLoad`).
struct LoadInProgress {
    /// The load its callers share; it settles through the ad's lifecycle.
    let call: LoadCall
    /// The consent macros the creative was made with (`nil` for an image or a page): a linear
    /// ad's tracking pixels carry them too. Only they, not the whole context, whose copy and
    /// release were main-thread work for every load.
    let macros: LazyVASTMacroContext?
    /// The load's time-out in the runtime's load timer.
    var timeout: (timer: DeadlineTimer, ticket: DeadlineTimer.Ticket)?

    /// Cancels the load's work and its time-out.
    @MainActor mutating func cancel() {
        call.cancelWork()
        if let timeout { timeout.timer.cancel(timeout.ticket) }
        timeout = nil
    }
}

/// A load, shared by its callers: what the renderer prepared off the main actor, and whether the
/// creative got ready.
typealias LoadCall = SharedCall<PreparedCreative, Void>

/// A creative's work off the main actor, ready to start: started by the first caller of
/// `load()` once it left the main actor. The ad is held strongly (a weak capture costs a box): its
/// `VideoAds` holds it while it loads anyway, and an ad that ends cancels the work.
struct LoadWork: SharedCallWork {
    let preparation: CreativePreparation
    let ad: VideoAd
    let call: LoadCall

    /// Fetches (and reads) what the creative needs.
    func run() async throws -> PreparedCreative {
        try await preparation.run()
    }

    /// Every caller stopped waiting: the work hands its result over itself.
    func outcome(of prepared: Result<PreparedCreative, any Error>) -> Result<Void, any Error> {
        ad.handOver(prepared, of: call)
    }
}
