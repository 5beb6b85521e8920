import Foundation
import KontextVideoVAST
import KontextVideoModels

/// What each message of a creative page means in each state of its ad: the whole rulebook of
/// the bridge, pure and table-tested (`CREATIVES.md`, "Rules"). The renderer feeds it the page's
/// messages, the page's navigation failures and the taps on the SDK's own controls, and tells it
/// when the ad goes on screen and when it ends.
///
/// | message | loading | ready (not shown) | on screen | ended |
/// |---|---|---|---|---|
/// | `init-iframe` | context; the page now reports ready itself | context | context | ignored |
/// | `load-iframe` | ready, unless the page speaks the bridge | ignored | ignored | ignored |
/// | `ready-iframe` | ready | ignored | ignored | ignored (a ready after the load time-out) |
/// | `click-iframe`, `close-iframe` | ignored | ignored | click / close, once per tap | ignored |
/// | `resume-iframe` | ignored | ignored | resume, once per tap, full-screen pause only | ignored |
/// | `error-iframe` | `load()` fails with the code | the ad fails with the code | `didFail` with the code | ignored |
/// | `resize-iframe` | the new size, if within the server's | same | ignored | ignored |
/// | unknown type | ignored | ignored | ignored | ignored |
///
/// An error without a VAST code reports 405. A viewer's action counts only with a tap number
/// (the bridge script's count of the viewer's taps) above the last one used.
package struct CreativePageRules: Sendable, Equatable {
    /// Where the ad is in its life, as far as its page is concerned.
    package enum Phase: Sendable, Equatable, CaseIterable {
        /// `load()` is waiting for the page.
        case loading
        /// The page is ready; the ad is not shown yet.
        case ready
        /// The ad is on screen.
        case onScreen
        /// The ad ended, failed, or its load timed out or was cancelled.
        case ended
    }

    /// The SDK's own controls and taps, which need no tap number: they are the viewer's taps.
    package enum SDKTap: Sendable, Equatable, CaseIterable {
        /// A tap on an image creative, or a link a page without the bridge followed.
        case creative
        /// The SDK's ✕.
        case close
        /// The SDK's Resume (a full-screen pause ad).
        case resume
    }

    /// Whether Resume exists: only a full-screen pause ad has it.
    package let isFullScreenPause: Bool
    /// The largest size the creative may ask for: the size the server gave.
    package let allowedSize: CGSize
    /// Where the ad is.
    package private(set) var phase: Phase = .loading
    /// The page said `init-iframe`: it reports ready itself, and clicks come as messages.
    package private(set) var speaksBridge = false
    /// The highest tap number a viewer's action used.
    private var lastTap = 0

    /// Rules for a creative that may ask for at most `allowedSize`.
    package init(isFullScreenPause: Bool, allowedSize: CGSize) {
        self.isFullScreenPause = isFullScreenPause
        self.allowedSize = allowedSize
    }

    /// What `message` does now.
    package mutating func receive(_ message: CreativeMessage) -> CreativePageReaction {
        if case .unknown = message { return .ignore(.unknownType) }
        guard phase != .ended else { return .ignore(.ended) }
        switch message {
        case .hello:
            speaksBridge = true
            return .sendContext
        case .pageLoaded:
            guard phase == .loading else { return .ignore(.alreadyReady) }
            guard !speaksBridge else { return .ignore(.waitingForReady) }
            phase = .ready
            return .ready
        case .ready:
            guard phase == .loading else { return .ignore(.alreadyReady) }
            phase = .ready
            return .ready
        case .click(let area, let url, let tap):
            return viewerAction(tap: tap, .click(area, url: url))
        case .close(let tap):
            return viewerAction(tap: tap, .close)
        case .resume(let tap):
            guard isFullScreenPause else { return .ignore(.notFullScreenPause) }
            return viewerAction(tap: tap, .resume)
        case .error(let code):
            return fail(code ?? .mediaDisplay)
        case .resize(let width, let height):
            guard phase != .onScreen else { return .ignore(.alreadyShown) }
            guard width <= allowedSize.width, height <= allowedSize.height else { return .ignore(.sizeNotAllowed) }
            return .resize(CGSize(width: width, height: height))
        case .unknown:
            return .ignore(.unknownType)
        }
    }

    /// The page broke (a navigation failed, its web content died): before ready `load()` fails
    /// with 502, after it the ad fails with 405 (`CreativeFailure`).
    package mutating func pageBroke() -> CreativePageReaction {
        switch phase {
        case .loading: fail(CreativeFailure.pageDidNotLoad.code)
        case .ready, .onScreen: fail(CreativeFailure.pageFailedOnScreen.code)
        case .ended: .ignore(.ended)
        }
    }

    /// The viewer tapped one of the SDK's own controls, or the creative where the SDK itself
    /// sees taps: it counts on screen only.
    package func sdkTap(_ tap: SDKTap) -> CreativePageReaction {
        guard phase == .onScreen else { return .ignore(phase == .ended ? .ended : .notOnScreen) }
        switch tap {
        case .creative: return .event(.click(.creative))
        case .close: return .event(.close)
        case .resume: return isFullScreenPause ? .event(.resume) : .ignore(.notFullScreenPause)
        }
    }

    /// The ad is on screen.
    package mutating func start() {
        if phase == .ready { phase = .onScreen }
    }

    /// The ad ended, failed, or its load timed out or was cancelled: nothing counts any more.
    package mutating func stop() {
        phase = .ended
    }

    private mutating func viewerAction(tap: Int?, _ event: CreativeEvent) -> CreativePageReaction {
        guard phase == .onScreen else { return .ignore(.notOnScreen) }
        guard let tap else { return .ignore(.noTap) }
        guard tap > lastTap else { return .ignore(.tapAlreadyUsed) }
        lastTap = tap
        return .event(event)
    }

    private mutating func fail(_ code: VASTErrorCode) -> CreativePageReaction {
        let wasLoading = phase == .loading
        phase = .ended
        return wasLoading ? .failLoad(code) : .event(.failed(code: code))
    }
}
