import Foundation
import KontextVideoNetworking
import KontextVideoVAST

extension ClickTarget {
    /// What a tap on `area` of `served`'s creative opens: a destination the creative's page named
    /// (`creativeURL`), else the VAST click-through (or the end card's) of a `linear` ad, the
    /// server's click URL otherwise; the server's fallback and App Store product either way; all
    /// judged by `rule`.
    init(
        tapOn area: VideoAdClick.Area, creativeURL: URL?, of served: ServedAd, linear: ResolvedLinearAd?, rule: AdURLRule,
        attribution: AttributionCapabilities = .none
    ) {
        let creative = served.creative
        let vastURL = area == .endCard ? linear?.endCard?.clickThrough : linear?.clickThrough
        let url = creativeURL ?? vastURL.flatMap { URL.lenient($0) } ?? creative.clickURL
        self.init(
            url: url, fallbackURL: creative.fallbackURL, appStoreID: creative.appStoreID,
            attribution: AttributionPlan.productSheet(for: creative, capabilities: attribution), rule: rule)
    }

    /// Opens the target of a tap on `area` of `ad`, on screen and the server told already: each
    /// refused destination is a warning, the click is recorded, the opening starts (what comes of
    /// it reaches the creative through the ad's lifecycle) and the ad's delegate is told.
    @MainActor
    func open(tappedOn area: VideoAdClick.Area, of ad: VideoAd) {
        for refusal in refusals {
            ad.record(.warning, .clickTargetRefused, level: .warning, [
                "area": area.wireName, "scheme": refusal.url.scheme?.lowercased() ?? "", "reason": refusal.reason.rawValue,
                "url": refusal.redacted,
            ])
        }
        let opens = destinations.first.map(\.logDescription) ?? "nothing"
        var attributes = ["area": area.wireName, "target": opens]
        // Whom the App Store sheet credits: AdAttributionKit's impression, or SKAdNetwork's network.
        if case .productSheet(_, let attribution?)? = destinations.first {
            let network = attribution.textByKey[ProductSheetAttribution.Key.adNetworkIdentifier.rawValue] ?? ""
            attributes["attribution"] = attribution.adAttributionKitJWS != nil ? "AdAttributionKit" : "SKAdNetwork \(network)"
        }
        ad.record(.delegate, .didClick, level: .info, attributes)
        ad.runtime.environment.clickOpener.open(self) { [weak ad] progress in ad?.apply(.clickThrough(progress)) }
        ad.delegate?.videoAd(ad, didClick: VideoAdClick(area: area))
    }
}
