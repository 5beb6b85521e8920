import Foundation
import KontextVideoNetworking
import KontextVideoVAST

extension ClickTarget {
    /// What a tap on `area` of `served`'s creative opens: a destination the creative's page named
    /// (`creativeURL`), else the VAST click-through (or the end card's) of a `linear` ad, the
    /// server's click URL otherwise; the server's fallback and App Store product either way; all
    /// judged by `rule`.
    init(tapOn area: VideoAdClick.Area, creativeURL: URL?, of served: ServedAd, linear: ResolvedLinearAd?, rule: AdURLRule) {
        let creative = served.creative
        let vastURL = area == .endCard ? linear?.endCard?.clickThrough : linear?.clickThrough
        let url = creativeURL ?? vastURL.flatMap { URL.lenient($0) } ?? creative.clickURL
        self.init(url: url, fallbackURL: creative.fallbackURL, appStoreID: creative.appStoreID, rule: rule)
    }

    /// The attributes of each `click target refused` warning for a tap on `area`.
    func refusalAttributes(area: VideoAdClick.Area) -> [[String: String]] {
        refusals.map { refusal in
            [
                "area": area.wireName, "scheme": refusal.url.scheme?.lowercased() ?? "", "reason": refusal.reason.rawValue,
                "url": refusal.redacted,
            ]
        }
    }
}
