import Foundation
import KontextVideoNetworking
import KontextVideoCreatives

extension VideoAd {
    /// What the creative reports (`renderer.onEvent`): nothing reaches the app before `show()`;
    /// on screen, the tracking and verification hear it first, then the ad acts on it.
    func handle(_ event: CreativeEvent) {
        guard wasShown, !hasEnded else {
            // Nothing is delivered before show(); a failure while loading fails the load, and a
            // loaded creative that fails before show() invalidates the ad.
            if case .failed(let code) = event, !wasShown {
                if isLoaded {
                    runtime.send(.vastError(code: code.rawValue, adId: id, format: format, playhead: owner.playerTracker.playhead))
                    invalidate(.creativeFailed(code: code.rawValue))
                } else {
                    finishLoading(.failure(CreativeLoadError(code: code)))
                }
            }
            return
        }
        tracking?.handle(event, contentPlayhead: owner.playerTracker.playhead)
        verification?.handle(event)
        switch event {
        case .firstFrame:
            recordImpression()
        case .click(let area, let creativeURL):
            openClick(on: area, creativeURL: creativeURL)
        case .complete:
            markCompleted()
            if format == .linear, renderer?.hasEndCard != true { end(.completed) }
        case .skip:
            if format == .linear, !isCompleted { end(.skipped) }
        case .close:
            end(.closed)
        case .resume:
            // Only a full-screen pause ad has Resume.
            if format == .pause, served.creative.fullScreen { end(.resumed) }
        case .failed(let code):
            fail(.creativeFailed(code: code.rawValue))
        case .progress, .mediaLength, .pause, .resumePlayback, .bufferStart, .bufferFinish, .mute, .unmute, .endCardShown:
            break
        }
    }
}
