import Foundation
import KontextVideoConcurrency
import KontextVideoNetworking

/// One ad request under way, awaited by every `format(_:)` call that asked for its format
/// meanwhile. Each caller waits off the main actor, as a bare `URLSession` call would: it leaves
/// the main actor, the first one sends the request from a task of its own, and each comes back
/// once, with the answer (settled where the client's actor returns it, its ad already made
/// there). The first caller back on the main actor turns it into the ad or error every caller
/// gets. So the main thread makes no task and no continuation for a request, and resumes each
/// caller once.
///
/// A caller whose task is cancelled stops waiting with `CancellationError`; the request goes on
/// and its outcome is kept for the next caller.
@MainActor
final class AdRequestInFlight {
    /// The server's answer, already made into its ad where it arrived, or why there is none
    /// (`AdRequestFailure`, or the `VideoAdError` the SDK's state threw before anything was
    /// sent). Settled once, from any thread. Its producer is the request's work, for `destroy()`
    /// to cancel: started off the main actor by the first caller, or on it while the SDK's state
    /// is awaited.
    nonisolated let answer = OnceOutcome<ReceivedAnswer>()
    /// The id the request carries and its outcome is reported with, once it left.
    var requestId: UUID?
    /// What the answer became, once the first caller back made it.
    var outcome: Result<VideoAd, any Error>?
}

/// What an ad request's answer became where it arrived, off the main actor: the ad, made there
/// (the server's answer copied into it, its expiry computed), or why there is none. A reference or
/// a reason, so handing it to every caller copies no answer.
enum ReceivedAnswer: Sendable {
    /// The ad the server answered, received at `receivedAt` on the runtime's clock; not yet held.
    case ad(VideoAd, receivedAt: Duration)
    /// Nothing for the format, and why.
    case noFill(VideoAdError.NoFillReason)
}
