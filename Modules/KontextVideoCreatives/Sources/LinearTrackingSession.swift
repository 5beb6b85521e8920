import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking

/// Where tracking pixels go: the durable event pipeline in the SDK.
@MainActor
package protocol TrackingPixelSending {
    /// Queues a GET of each URL, the pixel of its VAST event, in one append; returns at once. One
    /// moment's pixels go together, so an ad with thousands of them is one write and one report,
    /// not thousands (issue 32; the pipeline caps one ad's pixels per event).
    func sendPixels(_ pixels: [(url: URL, event: String)])
}


/// Fires a linear ad's VAST tracking as its creative reports moments: impression at the first
/// frame, start, quartiles, progress, complete, skip, closeLinear, pause/resume, mute/unmute,
/// clicks, icon views and clicks, notUsed and errors, with macros filled, each at most once where VAST says so.
@MainActor
package final class LinearTrackingSession {
    private var tracker: LinearTracker
    private let ad: ResolvedLinearAd
    private let sink: any TrackingPixelSending
    private var isEnded = false
    /// The length the player reported, which wins over the declared `<Duration>`.
    private var mediaLength: TimeInterval?
    /// The date each pixel's `[TIMESTAMP]` carries: the SDK's injected wall clock.
    private let wallClock: WallClock

    /// Creates the session of a resolved ad. `baseContext` carries the consent and app macros;
    /// the ad's own values (asset, serving id, universal ad id, pod sequence) are added here.
    /// `wallClock` dates each pixel's `[TIMESTAMP]` (the SDK's, so a test's follows its clock).
    package init(ad: ResolvedLinearAd, sink: any TrackingPixelSending, baseContext: VASTMacroContext = VASTMacroContext(), wallClock: WallClock) {
        self.ad = ad
        self.wallClock = wallClock
        self.sink = sink
        var context = baseContext
        context.assetURI = ad.mediaFile.url
        context.adServingId = ad.adServingId ?? context.adServingId
        context.universalAdId = ad.universalAdIds.first.map { "\($0.idRegistry ?? "unknown") \($0.value)" } ?? context.universalAdId
        context.podSequence = ad.sequence ?? context.podSequence
        self.tracker = LinearTracker(ad: ad, baseContext: context)
    }

    /// Translates a creative event into VAST moments and fires their pixels; `[CONTENTPLAYHEAD]`
    /// is the content's time now.
    package func handle(_ event: CreativeEvent, contentPlayhead: TimeInterval) {
        tracker.baseContext.contentPlayhead = contentPlayhead
        switch event {
        case .firstFrame: fire(.firstFrame)
        case .progress(let position): fire(.progress(position: position, duration: mediaLength ?? (ad.duration > 0 ? ad.duration : nil)))
        case .mediaLength(let length): if length.isFinite, length > 0 { mediaLength = length }
        case .click(.endCard, _): fire(.endCardClick)
        case .click: fire(.click)
        case .complete: fire(.complete)
        case .endCardShown: fire(.endCardShown)
        case .skip: fire(.skip)
        case .close: fire(.closeEndCard)
        case .failed(let code): fire(.error(code))
        case .pause: fire(.pause)
        case .resumePlayback: fire(.resume)
        case .mute: fire(.mute)
        case .unmute: fire(.unmute)
        case .iconShown(let index): fire(.iconView(index))
        case .iconClick(let index): fire(.iconClick(index))
        // VAST has no tracking event for buffering; it is measurement's (`VerificationMoment`).
        case .resume, .bufferStart, .bufferFinish: break
        }
    }

    /// The ad was rejected or dropped before it was shown.
    package func notUsed() {
        fire(.notUsed(reason: nil))
    }

    /// The ad left the screen; nothing fires after this.
    package func ended(_ reason: VideoAdEndReason) {
        isEnded = true
    }

    private func fire(_ moment: LinearPlaybackMoment) {
        guard !isEnded else { return }
        let pixels = tracker.pixels(for: moment, now: wallClock.now).compactMap { pixel in
            URL.lenient(pixel.url).map { (url: $0, event: pixel.event) }
        }
        if !pixels.isEmpty { sink.sendPixels(pixels) }
    }
}
