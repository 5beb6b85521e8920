import Foundation
import KontextVideoConcurrency
import KontextVideoNetworking

/// One ad request under way, awaited by every `format(_:)` call that asked for its format
/// meanwhile. Its answer settles off the main actor (where the client's actor hands it over), and
/// the first caller back on the main actor turns it into the ad or error every caller gets. So a
/// caller pays one main-actor resume, the one that brings it its answer: no task hops back to the
/// main actor only to hand the outcome on.
///
/// A caller whose task is cancelled stops waiting with `CancellationError`; the request goes on
/// and its outcome is kept for the next caller.
@MainActor
final class AdRequestInFlight {
    /// The server's answer, or why there is none (`AdRequestFailure`, or the `VideoAdError` the
    /// SDK's state threw before anything was sent). Settled once, from any thread.
    let answer = OnceOutcome<AdAnswer>()
    /// The id the request carries and its outcome is reported with, once it left.
    var requestId: UUID?
    /// The request's work, so `destroy()` can cancel it.
    var task: Task<Void, Never>?
    /// The runtime the request was sent through, once known: the ad is made with it.
    var runtime: SDKRuntime?
    /// What the answer became, once the first caller back made it.
    var outcome: Result<VideoAd, any Error>?

    init(runtime: SDKRuntime?) {
        self.runtime = runtime
    }
}
