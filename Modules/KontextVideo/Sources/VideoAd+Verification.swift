import KontextVideoVAST
import KontextVideoCreatives

extension VideoAd {
    /// The ad is on screen: its measurement session starts, with the verification provider set
    /// now (if any). Every later moment reaches it from one place each: the creative's events
    /// (`handle(_:)`), the impression (`recordImpression()`) and the end (`takeOffScreen(_:)`).
    func startVerification() {
        guard verification == nil else { return }
        let provider = sdk.verificationProvider
        let linear = format == .linear ? renderer?.resolvedLinearAd : nil
        let kind: VerificationEventSequencer.Kind = if format == .linear {
            .video(mediaProperties(of: linear), declaredDuration: linear.map(\.duration) ?? duration)
        } else {
            .display
        }
        let reporting = renderer as? FriendlyObstructionReporting
        // The public session is the ad's; the core hears it weakly, so neither keeps the other.
        let box = WeakSession()
        let core = AdVerificationSession(
            format: format,
            kind: kind,
            verifications: linear?.verifications ?? [],
            hasProvider: provider != nil,
            playerState: format == .linear ? .fullscreen : .normal,
            baseContext: pixelMacros,
            pixels: trackingPixels,
            events: runtime.events
        ) { event in
            guard let provider, let session = box.session else { return }
            provider.verificationSession(session, didReceive: event)
        }
        let session = VideoAdVerificationSession(
            adId: id, format: format, creativeView: renderer?.platformView,
            controls: { [weak reporting] in reporting?.friendlyObstructions ?? [] }, core: core)
        box.session = session
        verification = session
        reporting?.onFriendlyObstructionsChanged = { [weak session] in session?.receive(.obstructionsChanged) }
        session.receive(.shown)
    }

    /// What `loaded` tells the vendors about a linear ad: whether and when it can be skipped, that
    /// it plays by itself (the SDK starts it once presented), and where it plays: before the
    /// content when the content has not played yet, else in its middle. The SDK cannot know a
    /// post-roll from a mid-roll.
    private func mediaProperties(of linear: ResolvedLinearAd?) -> VideoAdVerificationEvent.MediaProperties {
        let skipOffset = linear.flatMap { SkipControlRule($0).offset(mediaLength: nil) }
        let playhead = owner.playerTracker.playhead
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
