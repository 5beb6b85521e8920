import Foundation
import KontextVideoConcurrency
import KontextVideoNetworking

/// One ad request under way, shared by every `format(_:)` call that asked for its format
/// meanwhile (`SharedCall`): the first caller sends it once it left the main actor, each caller
/// comes back once, with the answer (made into its ad where it arrived), and the first one back
/// turns it into the ad or error every caller gets.
typealias AdRequestInFlight = SharedCall<RequestAnswer, VideoAd>

/// What the server said to one ad request, with the request's id (its outcome is reported with it).
struct RequestAnswer: Sendable {
    /// The id the request carried.
    let requestId: UUID
    /// The answer, or why there is none.
    let received: Result<ReceivedAnswer, AdRequestFailure>
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
