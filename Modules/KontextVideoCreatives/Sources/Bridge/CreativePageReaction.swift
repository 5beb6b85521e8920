import Foundation
import KontextVideoVAST

/// What the SDK does with one message (or one navigation or native tap) of a creative page, as
/// `CreativePageRules` decides it.
package enum CreativePageReaction: Sendable, Equatable {
    /// Answer with the render context (`context-iframe`).
    case sendContext
    /// The page is ready: `load()` returns.
    case ready
    /// The page failed before it was ready: `load()` throws `creativeFailed(code:)` with this code.
    case failLoad(VASTErrorCode)
    /// Report this to the facade (a click, close, resume, or a failure once the page was ready).
    case event(CreativeEvent)
    /// The creative's new size, within what the server allowed; `show()` lays it out at this size.
    case resize(CGSize)
    /// Nothing happens; why.
    case ignore(CreativePageIgnoreReason)
}

/// Why a message of a creative page changed nothing.
package enum CreativePageIgnoreReason: String, Sendable, Equatable, CaseIterable {
    /// A viewer's action (click, close, resume) before `show()`.
    case notOnScreen
    /// Anything after the ad ended, failed or timed out (`stop()`), including a late ready.
    case ended
    /// A viewer's action the bridge script saw no tap for.
    case noTap
    /// A second viewer's action during one tap.
    case tapAlreadyUsed
    /// Resume from a creative that is not a full-screen pause ad.
    case notFullScreenPause
    /// Ready, or the page's load event, once the page was ready already.
    case alreadyReady
    /// The load event of a page that speaks the bridge: it reports ready itself.
    case waitingForReady
    /// A size larger than the server allowed.
    case sizeNotAllowed
    /// A size once the ad is on screen: it keeps the size it was shown at.
    case alreadyShown
    /// A type this SDK does not know.
    case unknownType
}
