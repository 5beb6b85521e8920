import Foundation

/// Decides which tracking pixels a linear ad owes at each playback moment (pure: it sends
/// nothing; the SDK queues the returned URLs on its durable event pipeline).
///
/// At-most-once: impression, `creativeView`, `start`, the quartiles, each `progress` offset,
/// `complete`, `skip`, `closeLinear`, the end card's `creativeView`, each icon's
/// `IconViewTracking`, `notUsed` and the error ping (icon clicks fire `IconClickTracking` every
/// time, as ad clicks do). `pause`/`resume` and `mute`/`unmute` fire on each change of state (a second pause
/// without a resume fires nothing; the first `mute` or `unmute` fires either way, since an ad may
/// start muted). Clicks fire every time. After `complete`, `skip`, an error
/// or `notUsed`, progress stops; after an error or `notUsed` nothing else fires. `notUsed` fires
/// only before the first frame.
///
/// Quartiles and percentage offsets use the duration the player reports when it is known, else
/// the ad's declared duration; with neither they wait. URLs are macro-expanded with the base
/// context plus the moment's `[ADPLAYHEAD]`/`[MEDIAPLAYHEAD]`, `[ASSETURI]`, `[ERRORCODE]`,
/// `[REASON]` and `[TIMESTAMP]`.
package struct LinearTracker: Sendable {
    /// The ad being tracked.
    package let ad: ResolvedLinearAd
    /// Consent, app and content values shared by every pixel.
    package var baseContext: VASTMacroContext

    private var fired: Set<String> = []
    private var firedProgress: Set<Int> = []
    private var position: Double = 0
    private var playerDuration: Double?
    private var isPaused = false
    /// Whether the ad is muted, once a `mute` or `unmute` said so.
    private var isMuted: Bool?
    private var hasStarted = false
    private var isFinished = false
    private var isDead = false

    /// Creates a tracker for `ad`; `baseContext` carries consent, app and content values.
    package init(ad: ResolvedLinearAd, baseContext: VASTMacroContext = VASTMacroContext()) {
        self.ad = ad
        self.baseContext = baseContext
    }

    /// The pixels to fire now for `moment`, each with the VAST event it tracks, macro-expanded;
    /// `now` fills `[TIMESTAMP]`.
    package mutating func pixels(for moment: LinearPlaybackMoment, now: Date? = nil) -> [TrackingPixel] {
        guard !isDead else { return [] }
        var templates: [TrackingPixel] = []
        var context = baseContext
        context.timestamp = now ?? baseContext.timestamp
        context.assetURI = ad.mediaFile.url
        switch moment {
        case .firstFrame:
            guard !hasStarted, !isFinished else { return [] }
            hasStarted = true
            templates += once("impression", ad.impressionURLs)
            templates += once("creativeView", ad.trackingURLs("creativeView"))
            templates += once("start", ad.trackingURLs("start"))
            templates += progressTemplates()
        case .progress(let newPosition, let duration):
            guard hasStarted, !isFinished, newPosition.isFinite else { return [] }
            if let duration, duration.isFinite, duration > 0 { playerDuration = duration }
            position = max(position, newPosition)
            templates += progressTemplates()
        case .pause:
            guard hasStarted, !isFinished, !isPaused else { return [] }
            isPaused = true
            templates += every("pause", ad.trackingURLs("pause"))
        case .resume:
            guard hasStarted, !isFinished, isPaused else { return [] }
            isPaused = false
            templates += every("resume", ad.trackingURLs("resume"))
        case .mute:
            guard hasStarted, !isFinished, isMuted != true else { return [] }
            isMuted = true
            templates += every("mute", ad.trackingURLs("mute"))
        case .unmute:
            guard hasStarted, !isFinished, isMuted != false else { return [] }
            isMuted = false
            templates += every("unmute", ad.trackingURLs("unmute"))
        case .skip:
            guard hasStarted, !isFinished else { return [] }
            isFinished = true
            templates += once("skip", ad.trackingURLs("skip"))
        case .complete:
            guard hasStarted, !isFinished else { return [] }
            isFinished = true
            if let duration = effectiveDuration { position = max(position, duration) }
            // Quartiles and offsets the last progress tick had not reached are owed before complete.
            templates += progressTemplates()
            templates += once("complete", ad.trackingURLs("complete"))
        case .endCardShown:
            templates += once("endCardView", ad.endCard.map { card in
                card.trackingEvents.filter { $0.event.caseInsensitiveCompare("creativeView") == .orderedSame }.map(\.url)
            } ?? [])
        case .closeEndCard:
            guard hasStarted else { return [] }
            isFinished = true
            templates += once("closeLinear", ad.trackingURLs("closeLinear"))
        case .click:
            guard hasStarted else { return [] }
            templates += every("clickTracking", ad.clickTrackingURLs)
        case .endCardClick:
            templates += every("endCardClickTracking", ad.endCard?.clickTracking.map(\.url) ?? [])
        case .iconView(let index):
            guard hasStarted, ad.icons.indices.contains(index) else { return [] }
            templates += once("iconViewTracking#\(index)", ad.icons[index].viewTracking).map { TrackingPixel(event: "iconViewTracking", url: $0.url) }
        case .iconClick(let index):
            guard hasStarted, ad.icons.indices.contains(index) else { return [] }
            templates += every("iconClickTracking", ad.icons[index].clickTracking.map(\.url))
        case .error(let code):
            isDead = true
            context.errorCode = code
            templates += once("error", ad.errorURLs)
        case .notUsed(let reason):
            guard !hasStarted else { return [] }
            isDead = true
            context.reason = reason
            templates += once("notUsed", ad.trackingURLs("notUsed"))
        }
        context.adPlayhead = position
        context.mediaPlayhead = baseContext.contentPlayhead
        return templates.map { TrackingPixel(event: $0.event, url: VASTMacros.expand($0.url, context: context)) }
    }

    /// The duration quartiles and percentages are measured against.
    private var effectiveDuration: Double? {
        if let playerDuration { return playerDuration }
        return ad.duration > 0 ? ad.duration : nil
    }

    /// `urls` as pixels of `event`, the first time only.
    private mutating func once(_ event: String, _ urls: [String]) -> [TrackingPixel] {
        guard fired.insert(event).inserted else { return [] }
        return every(event, urls)
    }

    /// `urls` as pixels of `event`.
    private func every(_ event: String, _ urls: [String]) -> [TrackingPixel] {
        urls.map { TrackingPixel(event: event, url: $0) }
    }

    /// Quartiles and progress offsets reached by `position`, each once.
    private mutating func progressTemplates() -> [TrackingPixel] {
        var templates: [TrackingPixel] = []
        if let duration = effectiveDuration {
            for (event, fraction) in [("firstQuartile", 0.25), ("midpoint", 0.5), ("thirdQuartile", 0.75)]
            where position >= duration * fraction {
                templates += once(event, ad.trackingURLs(event))
            }
        }
        for (index, event) in ad.progressEvents.enumerated() where !firedProgress.contains(index) {
            guard let offset = event.offset, let seconds = offset.seconds(duration: effectiveDuration ?? 0) else { continue }
            if position >= seconds {
                firedProgress.insert(index)
                templates.append(TrackingPixel(event: "progress", url: event.url))
            }
        }
        return templates
    }
}
