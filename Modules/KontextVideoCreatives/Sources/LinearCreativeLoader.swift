import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoScheduling

/// Turns a linear ad's VAST (a tag URL or an inline document) into a playable ad: resolves the
/// wrapper chain, picks the media file. A failure is a `CreativeLoadError` carrying the VAST code
/// and every `<Error>` URL of the chain with `[ERRORCODE]` filled.
package struct LinearCreativeLoader: Sendable {
    private let ad: ServedAd
    private let context: CreativeContext
    private let device: DeviceProfile
    private let showsPages: Bool

    /// Creates the loader of `ad`, choosing its media file for `device` on the context's network: a
    /// cellular one caps the bitrate (`MediaFileSelector`). `showsPages`: the platform shows the end
    /// card as a page (a web view); else as its image, fetched while the ad loads (`LoadedEndCard`).
    package init(ad: ServedAd, context: CreativeContext, device: DeviceProfile = .standard, showsPages: Bool = true) {
        self.ad = ad
        self.showsPages = showsPages
        self.context = context
        var device = device
        device.isOnCellular = device.isOnCellular || context.network.isCellular
        self.device = device
    }

    /// Resolves the VAST, then fetches its captions (`CaptionFetch`), its icons (`IconFetch`) and its end card
    /// (`LoadedEndCard`): neither is ever a failure of the ad, but an end card that cannot be shown
    /// owes the ad's `<Error>` pixels its code (601, 603). Throws `CreativeLoadError`.
    package func load() async throws -> LoadedLinearCreative {
        let source: VASTSource
        if let inline = ad.creative.inlineVAST {
            source = .document(Data(inline.utf8), baseURL: ad.creative.url)
        } else if let url = ad.creative.url {
            source = .url(url)
        } else {
            throw CreativeLoadError(code: VASTErrorCode.xmlParsing)
        }
        let resolver = VASTResolver(
            fetcher: TransportVASTFetcher(transport: context.transport),
            clock: context.clock,
            events: AttributedEventMonitor(context.events, adding: ["adId": ad.id]),
            device: device,
            requestMacros: context.macros,
            urlRule: context.urlRule,
            wallClock: context.wallClock
        )
        let resolution = await resolver.resolve(source)
        try Task.checkCancellation()
        let code = resolution.error?.code ?? .noAdsAfterWrapper
        var macros = context.macros
        macros.errorCode = code
        macros.timestamp = context.wallClock.now
        // Every `<Error>` the walk owes: the whole chain's when nothing plays, and those of ads that
        // failed on the way (a buffet ad with no playable media, a pod member) when one does.
        let pixels = resolution.errorPings.flatMap { ping -> [String] in
            var context = macros
            context.errorCode = ping.code
            return ping.expandedURLs(context: context)
        }.compactMap { URL.lenient($0) }
        if let linear = resolution.ads.first, resolution.error == nil {
            recordChoice(of: linear)
            // Side by side, each within its own few seconds: none of them is worth the ad, and
            // together they must leave the load its time (the load's own time-out fails the ad).
            let (context, adId, showsPages) = (context, ad.id, showsPages)
            async let fetchedCaptions = CaptionFetch.captions(of: linear, selector: context.captionSelector, context: context, adId: adId)
            async let fetchedIcons = IconFetch.images(of: linear, context: context, adId: adId)
            async let fetchedEndCard = LoadedEndCard.load(linear.endCard, showsPages: showsPages, transport: context.transport, clock: context.clock)
            let (captions, iconImages, endCard) = await (fetchedCaptions, fetchedIcons, fetchedEndCard)
            try Task.checkCancellation()
            var owed = pixels
            if let failure = endCard.failure {
                var context = macros
                context.errorCode = failure
                owed += linear.errorURLs.map { VASTMacros.expand($0, context: context) }.compactMap { URL.lenient($0) }
            }
            return LoadedLinearCreative(ad: linear, errorPixels: owed, captions: captions, iconImages: iconImages, endCard: endCard.card)
        }
        context.events.record(.debug) {
            KontextVideoEvent(.error, .vastFailed, attributes: [
                "adId": ad.id, "code": String(code.rawValue), "why": resolution.error?.message ?? "no ad",
            ])
        }
        throw CreativeLoadError(code: code, errorPixels: pixels)
    }

    /// Records which media file plays and why, built only when someone hears it: the selector's
    /// choice is pure, so asking it again gives the file the walk chose, with its reasons.
    private func recordChoice(of linear: ResolvedLinearAd) {
        context.events.record(.debug) {
            var attributes = ["adId": ad.id, "url": linear.mediaFile.url]
            attributes["type"] = linear.mediaFile.type
            attributes["delivery"] = linear.mediaFile.delivery
            if let width = linear.mediaFile.width, let height = linear.mediaFile.height { attributes["size"] = "\(width)x\(height)" }
            if let bitrate = linear.mediaFile.bitrate ?? linear.mediaFile.maxBitrate ?? linear.mediaFile.minBitrate {
                attributes["bitrate"] = String(bitrate)
            }
            if case .success(let choice) = MediaFileSelector(device: device, urlRule: context.urlRule).choose(from: linear.mediaFiles),
               choice.file == linear.mediaFile {
                attributes["reason"] = choice.reason
            }
            return KontextVideoEvent(.state, .mediaFileChosen, attributes: attributes)
        }
    }
}

/// A linear creative ready to play, and the error pixels its VAST walk owes for ads that failed
/// on the way to it.
package struct LoadedLinearCreative: Sendable {
    /// The ad to play.
    package var ad: ResolvedLinearAd
    /// `<Error>` pixels of ads skipped on the way, and of its own end card when that cannot be
    /// shown, `[ERRORCODE]` filled; fire them once.
    package var errorPixels: [URL]
    /// The captions of its chosen `<ClosedCaptionFile>`, read (`CaptionFetch`); `nil` for none.
    package var captions: WebVTTDocument?
    /// The images of its icons that can be drawn, by index in `ResolvedLinearAd.icons`
    /// (`IconFetch`): only these icons show.
    package var iconImages: [Int: Data] = [:]
    /// Its end card as the platform shows it; `nil` for none (the ad ends with its video).
    package var endCard: LoadedEndCard?

}
