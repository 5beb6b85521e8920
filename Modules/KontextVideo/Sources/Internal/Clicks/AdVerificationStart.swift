import Foundation
import KontextVideoVAST
import KontextVideoCreatives

extension VideoAdVerificationSession {
    /// The measurement session of `ad`, now on screen, started with the verification provider
    /// set now (if any). Every later moment reaches it from the ad's lifecycle, one place each:
    /// the creative's events, the impression and the end.
    @MainActor
    static func started(for ad: VideoAd) -> VideoAdVerificationSession {
        let provider = ad.context.settings.verificationProvider
        let format = ad.format
        let linear = format == .linear ? ad.renderer?.resolvedLinearAd : nil
        let kind: VerificationEventSequencer.Kind = if format == .linear {
            .video(mediaProperties(of: linear, playhead: ad.context.playhead), declaredDuration: linear.map(\.duration) ?? ad.duration)
        } else {
            .display
        }
        let reporting = ad.renderer as? any FriendlyObstructionReporting
        // The public session is the ad's; the core hears it weakly, so neither keeps the other.
        let box = WeakSession()
        let core = AdVerificationSession(
            format: format,
            kind: kind,
            verifications: linear?.verifications ?? [],
            hasProvider: provider != nil,
            playerState: format == .linear ? .fullscreen : .normal,
            baseContext: ad.live?.pixelMacros ?? VASTMacroContext(),
            pixels: AdTrackingPixels(for: ad),
            events: ad.context.runtime.events,
            wallClock: ad.context.runtime.environment.wallClock
        ) { event in
            guard let provider, let session = box.session else { return }
            provider.verificationSession(session, didReceive: event)
        }
        let session = VideoAdVerificationSession(
            adId: ad.id, format: format, creativeView: ad.renderer?.platformView,
            controls: { [weak reporting] in reporting?.friendlyObstructions ?? [] }, core: core)
        box.session = session
        reporting?.onFriendlyObstructionsChanged = { [weak session] in session?.receive(.obstructionsChanged) }
        session.receive(.shown)
        return session
    }

    /// What `loaded` tells the vendors about a linear ad: whether and when it can be skipped, that
    /// it plays by itself (the SDK starts it once presented), and where it plays: before the
    /// content when the content has not played yet (`playhead`), else in its middle. The SDK
    /// cannot know a post-roll from a mid-roll.
    private static func mediaProperties(of linear: ResolvedLinearAd?, playhead: TimeInterval) -> VideoAdVerificationEvent.MediaProperties {
        let skipOffset = linear.flatMap { SkipControlRule($0).offset(mediaLength: nil) }
        return .init(
            isSkippable: linear?.skipOffsetSpec != nil,
            skipOffset: skipOffset,
            isAutoplay: true,
            position: playhead.isFinite && playhead >= 1 ? .midroll : .preroll
        )
    }
}

/// The public session, held weakly by the closure that delivers its events.
@MainActor
private final class WeakSession {
    weak var session: VideoAdVerificationSession?
}
