import Foundation
import KontextVideoNetworking
import KontextVideoVAST
import KontextVideoCreatives

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

    /// Opens the click-through of `ad`'s linear icon at `index` (AdChoices' "i"): judged by
    /// `AdURLRule` as every click target is, opened by the platform's opener, and followed by the
    /// ad's playback as a click-through (the ad pauses while the viewer is away). Its
    /// `IconClickTracking` was fired already (`LinearTrackingSession`); it is no ad click: no
    /// server click, no VAST `ClickTracking`, no `videoAd(_:didClick:)` (the API reference has no
    /// icon callback, and none is added). Where click targets do not open (tvOS) the playback
    /// showed the icon's fallback image instead, and nothing opens here.
    @MainActor
    static func openIcon(at index: Int, of ad: VideoAd) {
        let environment = ad.runtime.environment
        guard environment.platform.clickInputRule.opensClickTargets,
              let icons = ad.renderer?.resolvedLinearAd?.icons, icons.indices.contains(index) else { return }
        let target = ClickTarget(
            url: icons[index].clickThrough.flatMap { URL.lenient($0) }, fallbackURL: nil, appStoreID: nil, rule: ad.runtime.adURLRule)
        for refusal in target.refusals {
            ad.record(.warning, .clickTargetRefused, level: .warning, [
                "area": "icon", "scheme": refusal.url.scheme?.lowercased() ?? "", "reason": refusal.reason.rawValue, "url": refusal.redacted,
            ])
        }
        ad.record(.state, .iconClick, level: .info, [
            "icon": icons[index].program ?? String(index), "target": target.destinations.first.map(\.logDescription) ?? "nothing",
        ])
        guard !target.destinations.isEmpty else { return }
        environment.clickOpener.open(target) { [weak ad] progress in ad?.apply(.clickThrough(progress)) }
    }
}
