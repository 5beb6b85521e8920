import Foundation
import KontextVideoNetworking
import KontextVideoCreatives

extension VideoAd {
    /// A tap on `area` of the creative on screen: the server hears of it, the click target opens,
    /// the delegate is told.
    func openClick(on area: Click.Area, creativeURL: URL?) {
        runtime.send(.click(area: area, adId: id, format: format, playhead: owner.playerTracker.playhead))
        let target = clickTarget(for: area, creativeURL: creativeURL)
        for refusal in target.refusals {
            record(.warning, .clickTargetRefused, level: .warning, [
                "area": area.wireName, "scheme": refusal.url.scheme?.lowercased() ?? "", "reason": refusal.reason.rawValue,
                "url": refusal.redacted,
            ])
        }
        let opens = target.destinations.first.map(\.logDescription) ?? "nothing"
        record(.delegate, .didClick, level: .info, ["area": area.wireName, "target": opens])
        runtime.environment.clickOpener.open(target) { [weak self] progress in self?.clickThrough(progress) }
        delegate?.videoAd(self, didClick: Click(area: area))
    }

    /// A click-through took the viewer away, or brought them back: the creative hears it (a
    /// linear ad pauses while the viewer is away, `LinearPlaybackSession`).
    private func clickThrough(_ progress: ClickThroughProgress) {
        guard wasShown, !hasEnded else { return }
        switch progress {
        case .opened(let kind): renderer?.receive(.clickThroughOpened(kind))
        case .closed: renderer?.receive(.clickThroughClosed)
        }
    }

    /// What a tap on `area` opens: a destination the creative's page named, else the VAST
    /// click-through (or the end card's) for a linear ad, the server's click URL otherwise; the
    /// server's fallback and App Store product either way; all judged by `AdURLRule`.
    private func clickTarget(for area: Click.Area, creativeURL: URL?) -> ClickTarget {
        let creative = served.creative
        let linear = renderer?.resolvedLinearAd
        let vastURL = area == .endCard ? linear?.endCard?.clickThrough : linear?.clickThrough
        let url = creativeURL ?? vastURL.flatMap { URL.lenient($0) } ?? creative.clickURL
        return ClickTarget(url: url, fallbackURL: creative.fallbackURL, appStoreID: creative.appStoreID, rule: runtime.adURLRule)
    }
}
